/**
 * The database tests PGlite runs when PostgreSQL runs them all (decision 038).
 *
 * Without TEST_DATABASE_URL every database test (`*.db.test.ts`) runs on PGlite, the only engine
 * there is. With it (CI: `.ci/run`), every database test runs on PostgreSQL, and PGlite runs only
 * these: the tests of what differs between the two engines. The rest are domain rules written once
 * in SQL through drizzle, the same statements on either engine; running them twice proved nothing
 * the PostgreSQL run does not. A test that must run on PGlite whatever else runs (it is skipped on
 * PostgreSQL) belongs here too. Every file named here must exist (vitest.config.ts checks).
 */
export const PGLITE_SUBSET: Record<string, string> = {
  // Migrations: PGlite applies them through its own migrator, in one process, from a fresh cluster.
  "app/features/facilities/facility-names-migration.db.test.ts": "a migration's backfill, PGlite's migrator",
  "app/features/ledger/ledger-migration.db.test.ts": "migration 0013's ledger backfill, PGlite's migrator",
  // Locking and concurrency: PGlite runs one statement at a time on one connection; PostgreSQL's
  // pool runs them side by side. Conditional updates, unique keys and counters must hold on both.
  "app/lib/idempotency.server.db.test.ts": "one submission, one record under concurrent retries",
  "app/lib/rate-limit.server.db.test.ts": "counters hit concurrently count once each",
  "app/features/accounts/throttle.server.db.test.ts": "sign-in throttling: parallel guesses held back",
  "app/features/waitlist/waitlist.server.db.test.ts": "joins under concurrency (names its engine)",
  "app/features/hubs/hub-admin.server.db.test.ts": "launch claims (hub_notify_claims) taken once",
  "app/features/payouts/payouts.server.db.test.ts": "row locks of a payout run (FOR UPDATE)",
  // The job queue: pg-boss on PGlite (its PGlite adapter, NOTIFY heard in process) against PostgreSQL.
  "app/features/messaging/messages.server.db.test.ts": "the outbox on pg-boss: retries, backoff, dead letters",
  "app/features/payouts/payouts-queue.db.test.ts": "payout transfers run by the queue's workers",
  "app/features/referrals/escalation.server.db.test.ts": "escalations as delayed singleton jobs",
  // The ledger's deferred constraint checks (checked at commit) and its nightly check.
  "app/features/ledger/ledger.server.db.test.ts": "deferred balance checks at commit",
  "app/features/ledger/ledger-check.server.db.test.ts": "the nightly ledger check job",
  // PGlite only: content versions heard through LISTEN in process (skipped on PostgreSQL);
  // the directory's pg_trgm text search, an extension PGlite loads itself.
  "app/features/facilities/facilities.server.db.test.ts": "content versions by NOTIFY; pg_trgm search",
};
