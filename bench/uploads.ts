// The `uploads` part of `npm run bench` (docs/decisions/023): does one person's files
// stall everyone? The production server on a fresh database (bench/databases.ts, with
// seedBenchUsers' doctor and pending referrals): /healthz is polled one request at a time, first
// alone, then while three 10 MB uploads and three 10 MB downloads run at once, round after round.
// Reported: /healthz p50/p95/max in both phases, the transfers' times and the server's memory
// (RSS, from /proc) before and after; the budget is /healthz p95 while the transfers run
// (bench/budgets.json `uploads.healthzP95Ms`).
import { readFileSync } from "node:fs";
import { type BenchDb, type Kind, prepareDatabase, signIn, startApp } from "./databases.ts";

export type UploadsResult = {
  database: Kind;
  rounds: number;
  fileMb: number;
  /** /healthz one request at a time with nothing else running. */
  idle: Latency;
  /** /healthz one request at a time while each round's three uploads and three downloads run. */
  loaded: Latency;
  uploadsMs: Latency;
  downloadsMs: Latency;
  /** Uploads and downloads that did not answer 200 (with the expected bytes for a download). */
  failures: number;
  rssMb: { before: number | null; after: number | null; peak: number | null };
};

type Latency = { samples: number; p50Ms: number; p95Ms: number; maxMs: number };

const MB = 1024 * 1024;

function latency(samples: number[]): Latency {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return {
    samples: samples.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

/** A PDF-headed file of `size` bytes (what the server takes), different for each `seed`. */
function pdfOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n% bench upload\n"));
  for (let i = 64; i < size; i += 4096) bytes[i] = (i / 4096 + seed) & 255;
  return bytes;
}

/** Resident memory of the process listening on `port` (Linux /proc), in MB; null when not found. */
function rssOf(pid: number | null): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function upload(base: string, cookie: string, number: string, file: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.append("intent", "attach");
  form.append("file", new File([file], name, { type: "application/pdf" }));
  const started = performance.now();
  // As the page's fetcher posts it: React Router's data request, answered with the toast as data.
  const response = await fetch(`${base}/referrals/${number}.data`, {
    method: "POST",
    headers: { cookie, Origin: base, "Sec-Fetch-Site": "same-origin" },
    body: form,
    redirect: "manual",
  });
  const body = await response.text();
  return { ms: performance.now() - started, ok: response.status === 200 && body.includes("File Attached") };
}

async function download(base: string, cookie: string, href: string, size: number) {
  const started = performance.now();
  const response = await fetch(`${base}${href}`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  return { ms: performance.now() - started, ok: response.status === 200 && bytes === size };
}

/** Polls /healthz one request at a time until `until` settles; the latencies. */
async function pollHealth(base: string, until: Promise<unknown>, gapMs = 10): Promise<number[]> {
  let done = false;
  until.finally(() => {
    done = true;
  });
  const samples: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return samples;
}

export async function uploadsBench(
  kind: Kind,
  options: { rounds: number; fileMb: number; log: (line: string) => void },
): Promise<UploadsResult> {
  const { rounds, fileMb, log } = options;
  const size = fileMb * MB;
  const database: BenchDb = await prepareDatabase(kind, null);
  try {
    const app = await startApp(database);
    try {
      const cookie = await signIn(app.base, "doctor");
      const history = await (await fetch(`${app.base}/referrals/history`, { headers: { cookie } })).text();
      const numbers = [...new Set(history.match(/REF-\d{4}-\d{6,}/g) ?? [])];
      if (numbers.length < 4) throw new Error(`the bench doctor has ${numbers.length} referrals; 4 are needed`);
      // The file the downloads read: attached once before the measured rounds.
      const first = await upload(app.base, cookie, numbers[3], pdfOf(size, 0), "download.pdf");
      if (!first.ok) throw new Error("the first upload was refused");
      const page = await (await fetch(`${app.base}/referrals/${numbers[3]}`, { headers: { cookie } })).text();
      const href = page.match(/href="(\/referrals\/REF-[^"]+\/files\/[0-9a-f-]{36})"/)?.[1];
      if (!href) throw new Error("no download link on the referral's page");

      const idle = await pollHealth(app.base, new Promise((resolve) => setTimeout(resolve, 3000)));
      const before = rssOf(app.pid);
      let peak = before;
      const loaded: number[] = [];
      const uploads: number[] = [];
      const downloads: number[] = [];
      let failures = 0;
      for (let round = 0; round < rounds; round++) {
        const transfers = Promise.all([
          ...[0, 1, 2].map((i) =>
            upload(app.base, cookie, numbers[i], pdfOf(size, round * 3 + i + 1), `round-${round}-${i}.pdf`).then(
              (r) => {
                uploads.push(r.ms);
                if (!r.ok) failures += 1;
              },
            ),
          ),
          ...[0, 1, 2].map(() =>
            download(app.base, cookie, href, size).then((r) => {
              downloads.push(r.ms);
              if (!r.ok) failures += 1;
            }),
          ),
        ]);
        loaded.push(...(await pollHealth(app.base, transfers)));
        peak = Math.max(peak ?? 0, rssOf(app.pid) ?? 0) || null;
      }
      const result: UploadsResult = {
        database: kind,
        rounds,
        fileMb,
        idle: latency(idle),
        loaded: latency(loaded),
        uploadsMs: latency(uploads),
        downloadsMs: latency(downloads),
        failures,
        rssMb: { before, after: rssOf(app.pid), peak },
      };
      log(
        `  ${kind}: /healthz alone p95 ${result.idle.p95Ms} ms; during 3 uploads + 3 downloads of ${fileMb} MB p50 ${result.loaded.p50Ms} / p95 ${result.loaded.p95Ms} / max ${result.loaded.maxMs} ms (${result.loaded.samples} samples); upload p50 ${result.uploadsMs.p50Ms} ms, download p50 ${result.downloadsMs.p50Ms} ms; ${failures} failed; RSS ${before} -> ${result.rssMb.after} MB (peak ${peak})`,
      );
      return result;
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}
