import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The production server as a child process (`node server/main.mjs`, the build in BUILD_DIR), for
 * tests and tools that start, stop and kill it (lifecycle and durability tests, the bench, the bundle report).
 */
export type ServerProcess = {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
};

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["server/main.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits until /healthz answers 200: at most `timeoutMs` (generous by default: a first start on an
 * empty PGlite directory creates the database and can take tens of seconds on a busy machine).
 * Fails early if the process exits. Either way the error carries what the server printed.
 */
export async function waitHealthy(port: number, server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const { child } = server;
  const failure = (why: string) =>
    new Error(`${why} (port ${port}); the server printed:\n${server.output().slice(-4000) || "(nothing)"}`);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw failure("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw failure(`server did not become healthy within ${Math.round(timeoutMs / 1000)} s`);
}

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
