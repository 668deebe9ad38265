import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { Cell, Row, Table } from "~/components/ui/table";
import { useLocale, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatAccraDateTime } from "~/lib/ghana-format";
import type { ApiClientRow } from "../api-client-admin.server";
import { apiClientSchema, SCOPE_CHOICES } from "../api-client-schema";

/** The scopes as ticked boxes (a fieldset with its legend, and the field's error under it). */
function ScopeBoxes({
  name,
  chosen,
  legend,
  error,
  idPrefix,
}: {
  name: string;
  chosen: readonly string[];
  legend: string;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-scopes-error`;
  const t = useT();
  return (
    // min-w-0: a fieldset is as wide as its content by default, and would push a 360 px screen sideways.
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="field-label">{legend}</legend>
      <div className="mt-1 grid gap-1">
        {SCOPE_CHOICES.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm [overflow-wrap:anywhere]">
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={chosen.includes(choice.value)}
              className="size-5 shrink-0 accent-brand-700"
            />
            {t(choice.label)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The hospital systems connected through the FHIR API (decisions 034 and 047): register one with its public
 * keys, see each one's facility, scopes and last call, revoke one.
 */
export function ApiClientsPanel({
  clients,
  facilities,
  answer,
}: {
  clients: ApiClientRow[];
  facilities: Array<{ slug: string; name: string }>;
  answer: ActionAnswer<{ intent?: string; clientId?: string; subject?: string }> | undefined;
}) {
  const [form, fields] = useSchemaForm(apiClientSchema, {
    id: "register-api-client",
    lastResult: answer?.intent === "register" ? answer.result : undefined,
    invalidToast: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
  });
  const busy = useIsSubmitting();
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-8">
      <FormNotice answer={answer} />
      {answer?.intent === "register" && answer.ok && answer.clientId ? (
        <p role="status" className="card p-4">
          {t("Client id:")} <code className="break-all">{answer.clientId}</code>.{" "}
          {t("The system signs its assertions with it (docs/hospital-systems.md in the repository).")}
        </p>
      ) : null}
      <section aria-labelledby="register-title" className="card p-6">
        <h2 id="register-title" className="text-lg font-semibold">
          {t("Register a hospital system")}
        </h2>
        <p className="mt-2 text-muted">
          {t(
            "A facility's system sees that facility's referrals and accepts, rejects, completes and messages as its administrators do. Without a facility it is the network's client: it reads every referral and changes nothing.",
          )}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="register" />
          <InputField field={fields.name} label={t("System name")} required autoComplete="off" />
          <SelectField
            field={fields.facility}
            label={t("Facility")}
            placeholder={t("None: the network's read-only client")}
            options={facilities.map((f) => ({ value: f.slug, label: f.name }))}
          />
          <ScopeBoxes
            name={fields.scopes.name}
            chosen={SCOPE_CHOICES.map((c) => c.value)}
            legend={t("Scopes")}
            error={fields.scopes.errors?.[0]}
            idPrefix="register"
          />
          <p className="text-sm text-muted">
            {t("The network's client may only read: untick updates and messages when no facility is chosen.")}
          </p>
          <TextAreaField
            field={fields.jwks}
            label={t("Public keys (JWKS)")}
            rows={6}
            hint={t(
              "RS384 or ES384 public keys, each with a kid, as the system exported them; or leave empty and give their address below.",
            )}
          />
          <InputField
            field={fields.jwksUrl}
            label={t("Or the address of its JWKS")}
            type="url"
            inputMode="url"
            autoComplete="off"
            hint={t(
              "An https address where the system publishes its public keys; new keys it publishes there are picked up when first used.",
            )}
          />
          <div>
            <SubmitButton busy={busy} busyLabel={t("apiClients.registering")}>
              {t("apiClients.register")}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <Table
        caption={t("Hospital systems")}
        headers={[t("Name"), t("Facility"), t("Scopes"), t("apiClients.registered"), t("Last call"), t("Actions")]}
        empty={t("No hospital system is registered.")}
        rowCount={clients.length}
        stacked
      >
        {clients.map((c) => (
          <Row key={c.id} stacked>
            <Cell label={t("Name")}>
              {c.name}
              <span className="block break-all text-xs text-muted">{c.id}</span>
            </Cell>
            <Cell label={t("Facility")}>{c.facility ?? t("The network (read only)")}</Cell>
            <Cell label={t("Scopes")}>
              {c.revokedAt ? (
                c.scopes.join(" ")
              ) : (
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="intent" value="scopes" />
                  <input type="hidden" name="clientId" value={c.id} />
                  <ScopeBoxes
                    name="scopes"
                    chosen={c.scopes}
                    legend={t("apiClients.scopesOf", { name: c.name })}
                    error={
                      answer?.intent === "scopes" && answer.subject === c.id && !answer.ok
                        ? (answer.result?.error?.scopes?.[0] ?? answer.toast?.description)
                        : undefined
                    }
                    idPrefix={`client-${c.id}`}
                  />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("apiClients.saveScopesOf", { name: c.name })}
                  >
                    {t("Save scopes")}
                  </button>
                </Form>
              )}
              <span className="block text-xs text-muted">
                {c.jwksUrl ? t("apiClients.keysFrom", { url: c.jwksUrl }) : t("Keys registered with it")}
              </span>
            </Cell>
            <Cell label={t("apiClients.registered")}>{formatAccraDateTime(c.createdAt, locale)}</Cell>
            <Cell label={t("Last call")}>
              {c.lastCallAt ? formatAccraDateTime(c.lastCallAt, locale) : t("None yet")}
            </Cell>
            <Cell label={t("Actions")}>
              {c.revokedAt ? (
                t("apiClients.revokedOn", { date: formatAccraDateTime(c.revokedAt, locale) })
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="clientId" value={c.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("apiClients.revokeName", { name: c.name })}
                  >
                    {t("Revoke")}
                  </button>
                </Form>
              )}
            </Cell>
          </Row>
        ))}
      </Table>
    </div>
  );
}
