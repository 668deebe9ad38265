#!/usr/bin/env bash
# Proves docs/deployment.md's backup and restore commands ("Operating in production") on a real PostgreSQL:
#   1. a scratch database gets the app's schema (migrations), the content seed and sample rows;
#   2. pg_dump --format=custom backs it up;
#   3. pg_restore into a new, empty database gives identical data (every table of the app and of
#      the migrations journal, and every sequence, fingerprinted);
#   4. the damaged original dropped, created again and restored in place (docs/deployment.md's command) is identical;
#   5. the app opens the restored database and finds nothing to migrate.
# Both scratch databases are dropped at the end. `npm test` runs this when TEST_DATABASE_URL is set.
# Usage: scripts/backup-restore-check.sh [postgres://user@host:port/any-existing-db]
#        (default: $TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH" # the project's Node 24 (runs the app's TypeScript modules)

server_url=${1:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}
for tool in psql pg_dump pg_restore; do
  command -v "$tool" >/dev/null || { echo "$tool is required (apt-get install postgresql-client)"; exit 1; }
done

suffix="$(date +%s)_$$"
source_db="backup_check_src_$suffix"
restored_db="backup_check_dst_$suffix"
url_of() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$server_url" "$1"; }
SOURCE_URL=$(url_of "$source_db")
RESTORED_URL=$(url_of "$restored_db")
work=$(mktemp -d)
cleanup() {
  psql -q "$server_url" -c "drop database if exists \"$source_db\" with (force)" || true
  psql -q "$server_url" -c "drop database if exists \"$restored_db\" with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT

# 1. Schema, seed and some rows, written by the app itself (migrations + content seed), then SQL.
psql -q "$server_url" -c "create database \"$source_db\""
DATABASE_URL="$SOURCE_URL" AUTH_SECRET=backup-check-secret-backup-check-secret LOG_LEVEL=warn node --input-type=module -e '
  import { closeDatabase, database } from "./app/database.server.ts";
  await database();
  await closeDatabase();
'
psql -q -v ON_ERROR_STOP=1 "$SOURCE_URL" <<'SQL'
insert into hub_waitlist (hub_id, email, user_type, full_name, country)
  select 'cervical-cancer', 'backup' || i || '@example.org', 'professional', 'Ama ' || i, 'Ghana'
  from generate_series(1, 500) i;
insert into users (full_name, email, phone, role) values ('Efua Mensah', 'efua@example.org', '0241234567', 'doctor');
insert into contact_messages (name, email, subject, message)
  values ('Kofi <b>&"quotes"</b>', 'kofi@example.org', 'general', e'Line one\nLine two, accents: é ñ 😀');
SQL

# Every table of the app (public) and the migrations journal (drizzle), and every sequence: row count + checksum.
fingerprint() {
  psql -tA -v ON_ERROR_STOP=1 "$1" <<'SQL'
select format('select %L || '' '' || count(*) || '' '' || md5(coalesce(string_agg(t::text, ''|'' order by t::text), '''')) from %I.%I t',
              table_schema || '.' || table_name, table_schema, table_name)
from information_schema.tables
where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
union all
select format('select %L || '' '' || last_value || '' '' || is_called from %I.%I',
              sequence_schema || '.' || sequence_name, sequence_schema, sequence_name)
from information_schema.sequences where sequence_schema in ('public', 'drizzle')
order by 1
\gexec
SQL
}
fingerprint "$SOURCE_URL" > "$work/before.txt"
grep -q "public.hub_waitlist 500 " "$work/before.txt" || { echo "sample rows missing"; cat "$work/before.txt"; exit 1; }

# 2. Back up (docs/deployment.md's command).
pg_dump --format=custom --file="$work/qurhealth.dump" "$SOURCE_URL"

# 3. Restore into a new, empty database (docs/deployment.md's command).
psql -q "$server_url" -c "create database \"$restored_db\""
pg_restore --no-owner --exit-on-error --dbname="$RESTORED_URL" "$work/qurhealth.dump"
fingerprint "$RESTORED_URL" > "$work/restored.txt"
diff -u "$work/before.txt" "$work/restored.txt"

# 4. Damage the original, then restore over it in place (docs/deployment.md's command).
psql -q "$SOURCE_URL" -c "delete from hub_waitlist; delete from contact_messages; update facilities set description = 'damaged'"
# (--clean cannot drop the job queue's partitioned tables' inherited constraints: recreate instead.)
psql -q "$server_url" -c "drop database \"$source_db\" with (force)" -c "create database \"$source_db\""
pg_restore --no-owner --exit-on-error --dbname="$SOURCE_URL" "$work/qurhealth.dump"
fingerprint "$SOURCE_URL" > "$work/after.txt"
diff -u "$work/before.txt" "$work/after.txt"

# 5. The app starts on the restored database: migrations recorded, nothing to apply, data readable.
DATABASE_URL="$RESTORED_URL" AUTH_SECRET=backup-check-secret-backup-check-secret LOG_LEVEL=warn node --input-type=module -e '
  import { sql } from "drizzle-orm";
  import { closeDatabase, database } from "./app/database.server.ts";
  const { db } = await database();
  const { rows } = await db.execute(sql`select count(*)::int as n from hub_waitlist`);
  await closeDatabase();
  if (rows[0].n !== 500) { console.error("restored database reads", rows[0].n, "waitlist rows"); process.exit(1); }
'
fingerprint "$RESTORED_URL" > "$work/reopened.txt"
diff -u "$work/before.txt" "$work/reopened.txt"

echo "backup and restore ok: $(wc -l < "$work/before.txt") tables and sequences identical after pg_dump -> pg_restore (new database, and the original recreated in place)"
