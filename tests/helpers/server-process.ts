import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The production server as a child process (`node server/main.mjs`, the build in BUILD_DIR), for
 * tests that start, stop and kill it: tests/e2e/lifecycle.spec.ts, tests/adversarial/durability.ts.
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

/** Waits until /healthz answers 200 (at most `timeoutMs`); fails early if the process exits. */
export async function waitHealthy(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become healthy");
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
