// `npm run worker`: runs the job queue's workers alone (mail, SMS, WhatsApp, waitlist notifications),
// without serving HTTP, from the production build (`npm run build` first). Same configuration as the
// server; run the web servers with JOB_WORKERS=false when workers run apart (docs/deployment.md, decision 024).
// On the embedded database (PGlite) a data directory belongs to one process: use the app server's
// own workers there.
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { runWorker } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
await runWorker();
