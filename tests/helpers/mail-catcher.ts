import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: string;
};

/** Decodes the parts of a simple message that tests read: headers, and a text body. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const subject = decodeWords(header("Subject"));
  const body = rest.join("\n\n");
  // Prefer the text/plain part of a multipart message.
  const plain = body.match(/Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--)/i);
  let text = plain ? plain[1] : body;
  const encoding =
    (plain ? body.match(/Content-Transfer-Encoding:\s*([\w-]+)/i)?.[1] : header("Content-Transfer-Encoding")) ?? "";
  if (/quoted-printable/i.test(encoding)) {
    text = Buffer.from(
      text
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  } else if (/base64/i.test(encoding)) {
    text = Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { from: envelope.from, to: envelope.to, subject, text, raw, receivedAt: new Date().toISOString() };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (and, with `dir`, writes each
 * message there as JSON for other processes such as Playwright workers to read).
 */
export async function startMailCatcher(options: { port?: number; dir?: string } = {}) {
  const messages: CapturedMail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // On stop, a connection the sender keeps open (nodemailer's pool) is ended at once, not after
    // smtp-server's default 30 s: the test file that stopped it was waiting on that.
    closeTimeout: 100,
    // An address with "refused-once" in it is refused for good (550) the first time, then accepted:
    // a failed message to send again from the Messages screen (tests/e2e/messages-admin.spec.ts).
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!to.includes("refused-once") || refusedOnce.has(to)) return callback();
      refusedOnce.add(to);
      callback(Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        if (options.dir) {
          // Written aside, then renamed: a reader polling the folder never sees half a message.
          const file = path.join(options.dir, `${Date.now()}-${messages.length}.json`);
          writeFileSync(`${file}.partial`, JSON.stringify(mail));
          renameSync(`${file}.partial`, file);
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits until a message matching `predicate` arrives. */
    async waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
