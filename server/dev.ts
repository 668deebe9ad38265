/**
 * `npm run dev`: the same Hono server as production (server/app.ts: security headers, CSP nonces,
 * the cross-site check, body limits, compression) around React Router's development build, with
 * hot reload. Vite runs in middleware mode: it answers for the browser's modules, HMR and public/
 * files, and hands every other request to the app, which it loads through its module graph (an
 * edited module is loaded again on the next request). As React Router's custom-server template
 * does, with Hono in place of Express.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createViteServer } from "vite";

type AppModule = {
  createApp(options: { mode: "development" }): {
    fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  };
};

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

// One app per loaded version of server/app.ts: a new one after an edit, the same one otherwise
// (the database lives on globalThis and survives reloads: app/database.server.ts).
let current: { module: AppModule; listener: (req: IncomingMessage, res: ServerResponse) => Promise<void> } | null =
  null;

async function appListener() {
  const module = (await vite.ssrLoadModule("/server/app.ts")) as AppModule;
  if (current?.module !== module) {
    const app = module.createApp({ mode: "development" });
    current = { module, listener: getRequestListener(app.fetch) };
  }
  return current.listener;
}

const server = createServer((req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      await (await appListener())(req, res);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  });
});

server.listen(port, host, () => {
  console.log(`Development server on http://localhost:${port} (Hono + Vite, hot reload)`);
});

const stop = async () => {
  server.close();
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
