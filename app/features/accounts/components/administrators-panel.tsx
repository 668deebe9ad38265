import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { Cell, Row, Table } from "~/components/ui/table";
import { useLocale, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { inviteAdminSchema } from "../administrator-schemas";
import type { AdministratorRow, InvitationRow } from "../administrators.server";

/**
 * The system administrators and their invitations (decision 033): nobody registers as a system
 * administrator; one invites another, and where two or more exist a second one confirms.
 */
export function AdministratorsPanel({
  administrators,
  invitations,
  answer,
}: {
  administrators: AdministratorRow[];
  invitations: InvitationRow[];
  answer: ActionAnswer<{ intent?: string }> | undefined;
}) {
  const [form, fields] = useSchemaForm(inviteAdminSchema, {
    id: "invite-admin",
    lastResult: answer?.intent === "invite" ? answer.result : undefined,
    invalidToast: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
  });
  const busy = useIsSubmitting();
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-8">
      <FormNotice answer={answer} />
      <section aria-labelledby="invite-title" className="card p-6">
        <h2 id="invite-title" className="text-lg font-semibold">
          {t("Invite a system administrator")}
        </h2>
        <p className="mt-2 text-muted">
          {administrators.length >= 2
            ? t(
                "A second system administrator must confirm the invitation before it is sent. Every administrator is told.",
              )
            : t(
                "The invitation is emailed at once: a link that works once, for 72 hours. Every administrator is told when it is accepted.",
              )}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="invite" />
          <InputField field={fields.full_name} label={t("Full Name")} required autoComplete="off" />
          <InputField field={fields.email} label={t("Email")} type="email" required autoComplete="off" />
          <div className="sm:col-span-2">
            <SubmitButton busy={busy} busyLabel={t("Inviting...")}>
              {t("Send invitation")}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <Table
        caption={t("Open invitations")}
        headers={[t("Name"), t("Email"), t("Invited by"), t("Status"), t("Actions")]}
        empty={t("No open invitations.")}
        rowCount={invitations.length}
        stacked
      >
        {invitations.map((i) => (
          <Row key={i.id} stacked>
            <Cell label={t("Name")}>{i.fullName}</Cell>
            <Cell label={t("Email")}>{i.email}</Cell>
            <Cell label={t("Invited by")}>
              {i.invitedBy}, {formatAccraDateTime(i.createdAt, locale)}
            </Cell>
            <Cell label={t("Status")}>
              {i.status === "awaiting_confirmation"
                ? t("Awaiting a second administrator")
                : t("admin.invitation.sentUntil", { date: formatAccraDateTime(i.expiresAt, locale) })}
            </Cell>
            <Cell label={t("Actions")}>
              <div className="flex flex-wrap gap-2">
                {i.canConfirm ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="confirm" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button
                      type="submit"
                      className="btn-primary"
                      aria-label={t("admin.invitation.confirmOf", { name: i.fullName })}
                    >
                      {t("Confirm")}
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={i.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("admin.invitation.revokeOf", { name: i.fullName })}
                  >
                    {t("Revoke")}
                  </button>
                </Form>
              </div>
            </Cell>
          </Row>
        ))}
      </Table>
      <Table
        caption={t("System administrators")}
        headers={[t("Name"), t("Email"), t("Approved")]}
        empty={t("No system administrators.")}
        rowCount={administrators.length}
        stacked
      >
        {administrators.map((a) => (
          <Row key={a.id} stacked>
            <Cell label={t("Name")}>{a.fullName}</Cell>
            <Cell label={t("Email")}>{a.email}</Cell>
            <Cell label={t("Approved")}>{a.approvedAt ? formatAccraDateTime(a.approvedAt, locale) : ""}</Cell>
          </Row>
        ))}
      </Table>
    </div>
  );
}
