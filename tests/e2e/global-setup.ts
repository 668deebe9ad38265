import { rmSync } from "node:fs";
import { startMailCatcher } from "../helpers/mail-catcher";

/** Starts the SMTP catcher the server sends to; messages land in E2E_MAIL_DIR as JSON files. */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  rmSync(dir, { recursive: true, force: true });
  const catcher = await startMailCatcher({ port: Number(process.env.E2E_SMTP_PORT), dir });
  return async () => {
    await catcher.stop();
  };
}
