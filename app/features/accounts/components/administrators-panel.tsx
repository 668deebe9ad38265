import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { Cell, Row, Table } from "~/components/ui/table";
import { formatAccraDateTime } from "~/features/referrals/public";
import type { ActionAnswer } from "~/lib/form-action.server";
import { inviteAdminSchema } from "../administrator-schemas";
import type { AdministratorRow, InvitationRow } from "../administrators.server";

/**
 * The system administrators and their invitations (issue 33): nobody registers as a system
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
  return (
    <div className="space-y-8">
      <FormNotice answer={answer} />
      <section aria-labelledby="invite-title" className="card p-6">
        <h2 id="invite-title" className="text-lg font-semibold">
          Invite a system administrator
        </h2>
        <p className="mt-2 text-muted">
          {administrators.length >= 2
            ? "A second system administrator must confirm the invitation before it is sent. Every administrator is told."
            : "The invitation is emailed at once: a link that works once, for 72 hours. Every administrator is told when it is accepted."}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="invite" />
          <InputField field={fields.full_name} label="Full Name" required autoComplete="off" />
          <InputField field={fields.email} label="Email" type="email" required autoComplete="off" />
          <div className="sm:col-span-2">
            <SubmitButton busy={busy} busyLabel="Inviting...">
              Send invitation
            </SubmitButton>
          </div>
        </Form>
      </section>
      <Table
        caption="Open invitations"
        headers={["Name", "Email", "Invited by", "Status", "Actions"]}
        empty="No open invitations."
        rowCount={invitations.length}
        stacked
      >
        {invitations.map((i) => (
          <Row key={i.id} stacked>
            <Cell label="Name">{i.fullName}</Cell>
            <Cell label="Email">{i.email}</Cell>
            <Cell label="Invited by">
              {i.invitedBy}, {formatAccraDateTime(i.createdAt)}
            </Cell>
            <Cell label="Status">
              {i.status === "awaiting_confirmation"
                ? "Awaiting a second administrator"
                : `Sent, valid until ${formatAccraDateTime(i.expiresAt)}`}
            </Cell>
            <Cell label="Actions">
              <div className="flex flex-wrap gap-2">
                {i.canConfirm ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="confirm" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <button
                      type="submit"
                      className="btn-primary"
                      aria-label={`Confirm the invitation of ${i.fullName}`}
                    >
                      Confirm
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={i.id} />
                  <button type="submit" className="btn-secondary" aria-label={`Revoke the invitation of ${i.fullName}`}>
                    Revoke
                  </button>
                </Form>
              </div>
            </Cell>
          </Row>
        ))}
      </Table>
      <Table
        caption="System administrators"
        headers={["Name", "Email", "Approved"]}
        empty="No system administrators."
        rowCount={administrators.length}
        stacked
      >
        {administrators.map((a) => (
          <Row key={a.id} stacked>
            <Cell label="Name">{a.fullName}</Cell>
            <Cell label="Email">{a.email}</Cell>
            <Cell label="Approved">{a.approvedAt ? formatAccraDateTime(a.approvedAt) : ""}</Cell>
          </Row>
        ))}
      </Table>
    </div>
  );
}
