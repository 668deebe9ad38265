// The "floor" of `npm run bench`: a bare node:http server doing the same work as the app for each
// benchmarked page, without the framework (no Hono, React Router or React): static pages answer
// the same bytes the app served; /facilities runs listFacilities; the signed-in dashboard looks up
// the session (getActor) and runs the system administrator dashboard's domain calls, then writes a
// minimal HTML page. A child process of bench/run.ts, on the same database as the app:
//   FLOOR_PORT, FLOOR_PAGES (a JSON file: path -> HTML), DATABASE_URL or DATA_DIR, AUTH_SECRET.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "~/db/client.server";
import { floorPage } from "./floor-page";

const handle = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ kind: "pglite", dataDir: path.join(process.env.DATA_DIR ?? "./data", "pglite") });
const { db } = handle;

/** The static pages, compressed once (the app serves its rendered-once pages the same way). */
const pages = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.FLOOR_PAGES ?? "", "utf8")) as Record<string, string>).map(
    ([pagePath, html]) => [pagePath, gzipSync(html)],
  ),
);

let inFlight = 0;
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const page = pages.get(url.pathname);
  if (page) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
    res.end(page);
    return;
  }
  inFlight += 1;
  try {
    const { status, html } = await floorPage(db, url, req.headers.cookie);
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  } finally {
    inFlight -= 1;
  }
});
server.listen(Number(process.env.FLOOR_PORT), "127.0.0.1", () => console.log("floor listening"));

/** Stops taking requests, lets the ones under way finish (the load generator may have left), closes the database. */
async function stop() {
  server.close();
  server.closeAllConnections();
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
