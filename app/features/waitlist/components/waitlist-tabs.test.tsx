import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WaitlistTabs } from "./waitlist-tabs";

const tabs = [
  { id: "professional", label: "Healthcare Professional", panel: <p>pro form</p> },
  { id: "facility", label: "Healthcare Facility", panel: <p>facility form</p> },
];

describe("WaitlistTabs (server render)", () => {
  it("marks up the tabs pattern, with the initial tab selected and the other panel hidden", () => {
    const html = renderToString(<WaitlistTabs label="Sign up as" tabs={tabs} initial="facility" anchor="join" />);
    expect(html).toMatch(/role="tablist" aria-label="Sign up as"/);
    expect(html).toMatch(
      /<a id="tab-professional" role="tab" href="\?tab=professional#join" aria-selected="false" aria-controls="panel-professional"/,
    );
    expect(html).toMatch(/<a id="tab-facility" role="tab" href="\?tab=facility#join" aria-selected="true"/);
    expect(html).toMatch(/<div id="panel-professional" role="tabpanel" aria-labelledby="tab-professional" hidden=""/);
    expect(html).toMatch(/<div id="panel-facility" role="tabpanel" aria-labelledby="tab-facility" class/);
    // Before JavaScript runs, every tab is a reachable link.
    expect(html.match(/tabindex="0"/g)).toHaveLength(2);
  });
});
