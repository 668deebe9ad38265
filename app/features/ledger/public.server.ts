// What other features may use of ledger on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export type { EntryInput, StatementLine } from "./ledger.server";
export {
  accountId,
  assertMayReadDoctorMoney,
  doctorBalance,
  doctorStatement,
  monthRange,
  paidOutsideEntry,
  postEntry,
  readTrialBalance,
  recordSystemAudit,
  referralCompletedEntry,
  systemAdminAddresses,
} from "./ledger.server";
