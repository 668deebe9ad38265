// Production entry: the server bundle (server/app.ts with the React Router app) built by `npm run build`.
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { run } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
await run();
