// Production entry: the server bundle (server/app.ts with the React Router app) built by `npm run build`.
const { start } = await import("../build/server/index.js");
await start();
