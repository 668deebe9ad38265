/**
 * The version this server runs (the health screen, `qurhealth_build_info`): APP_VERSION
 * when the deployment sets it (a release tag or a commit), else the build's own id (the hash of its
 * assets manifest, told by server/app.ts), else "development".
 */
const KEY = Symbol.for("qurhealth.running-version");
const holder = globalThis as { [KEY]?: string };

export function setBuildVersion(version: string): void {
  holder[KEY] = version;
}

export function runningVersion(): string {
  return process.env.APP_VERSION?.trim().slice(0, 64) || holder[KEY] || "development";
}
