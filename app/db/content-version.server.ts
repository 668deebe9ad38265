import { eq } from "drizzle-orm";
import type { VersionedContent } from "../lib/static-page.ts";
import type { DatabaseHandle, Db } from "./client.server.ts";
import { contentVersions } from "./schema.ts";

/** The channel the content-version triggers notify (payload: the content's name), migration 0002. */
export const CONTENT_VERSION_CHANNEL = "content_versions";

/**
 * The current version of `name` (raised by a trigger on every statement that changes a row of its
 * table, migration 0002), or null when its row is missing: then nothing built from it may be kept.
 */
export async function contentVersion(db: Db, name: VersionedContent): Promise<number | null> {
  const [row] = await db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.name, name));
  return row?.version ?? null;
}

/**
 * How the page cache asks for a content's version. On PostgreSQL, one indexed read per request: any
 * server or client may have written, and the read sees every committed write. On PGlite, this
 * process is the only writer and hears every change before the write returns (`listen`), so the
 * version is read once and again only after a notification: a kept page then costs no query.
 */
export function contentVersionReader(handle: DatabaseHandle): (name: VersionedContent) => Promise<number | null> {
  const { listen } = handle;
  if (!listen) return (name) => contentVersion(handle.db, name);
  const known = new Map<VersionedContent, number | null>();
  /** Counts notifications, so a read that a notification overtook is not remembered. */
  let heard = 0;
  let listening: Promise<void> | null = null;
  return async (name) => {
    listening ??= listen(CONTENT_VERSION_CHANNEL, (payload) => {
      heard += 1;
      known.delete(payload as VersionedContent);
    }).catch((error) => {
      listening = null;
      throw error;
    });
    await listening;
    if (known.has(name)) return known.get(name) ?? null;
    const before = heard;
    const version = await contentVersion(handle.db, name);
    if (heard === before) known.set(name, version);
    return version;
  };
}
