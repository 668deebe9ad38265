import { renderToReadableStream } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { getHub } from "~/content/hubs";
import { asWaitlistHub } from "../waitlist-hubs";
import { validationNotice } from "../waitlist-messages";
import { facilityWaitlistSchema, type UserType } from "../waitlist-schema";
import { HubWaitlistPage } from "./hub-waitlist-page";
import type { WaitlistAnswer } from "./waitlist-forms";

const hub = asWaitlistHub(getHub("cervical-cancer"))!;

/**
 * The server's rendering of the hub page (links and forms need a router), complete: the sign-up
 * card's code is loaded on its own, and the server waits for it as entry.server does.
 */
async function render(initialTab: UserType, answer?: WaitlistAnswer): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        path: "/hub/:hubId",
        element: <HubWaitlistPage hub={hub} initialTab={initialTab} actionData={answer} />,
      },
    ],
    { initialEntries: [`/hub/${hub.id}`] },
  );
  const stream = await renderToReadableStream(<RouterProvider router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  await stream.allReady;
  return new Response(stream).text();
}

/** The tab (an <a role="tab">) whose text is `label`. */
function tab(html: string, label: string): string {
  const found = [...html.matchAll(/<a [^>]*role="tab"[^>]*>([^<]*)<\/a>/g)].find((m) => m[1] === label);
  expect(found, `tab ${label}`).toBeTruthy();
  return found![0];
}

describe("the hub waitlist page (server render)", () => {
  it("shows the sign-up tabs, each a link to its own address, with the chosen tab selected", async () => {
    const html = await render("facility");
    expect(html).toMatch(/role="tablist"[^>]*aria-label="Sign up as"/);
    const professional = tab(html, "Healthcare Professional");
    const facility = tab(html, "Healthcare Facility");
    expect(professional).toContain('href="?tab=professional#join"');
    expect(professional).toContain('aria-selected="false"');
    expect(facility).toContain('href="?tab=facility#join"');
    expect(facility).toContain('aria-selected="true"');
    // Both panels are in the page (what was typed survives a tab change); the other one hidden.
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(html).toMatch(/<form[^>]*aria-label="Healthcare professional sign-up"/);
    expect(html).toMatch(/<form[^>]*aria-label="Healthcare facility registration"/);
    expect(html).toMatch(/data-state="inactive"[^>]*class="[^"]*data-\[state=inactive\]:hidden/);
  });

  it("renders an answer in the form it belongs to: the message, the field errors and the typed values", async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries({
      userType: "facility",
      facilityName: "Ho Renal Unit",
      email: "ops@ho.example",
      facilityType: "hospital",
      contactPerson: "y".repeat(101),
      country: "Ghana",
    })) {
      formData.set(name, value);
    }
    const submission = parseSubmission(formData, facilityWaitlistSchema);
    expect(submission.status).toBe("error");
    const html = await render("facility", {
      userType: "facility",
      status: "invalid",
      result: submission.reply(),
      toast: validationNotice("Name must be less than 100 characters"),
    });
    expect(html).toMatch(/role="alert"[^>]*>.*Validation Error/);
    expect(html).toContain('id="facility-contactPerson-error"');
    expect(html).toMatch(/id="facility-contactPerson"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="facility-facilityName"[^>]*value="Ho Renal Unit"/);
    // The professional form is untouched.
    expect(html).not.toContain('id="professional-fullName-error"');
  });
});
