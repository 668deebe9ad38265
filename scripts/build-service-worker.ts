// After `react-router build`: the offline page and the service worker
// (docs/decisions/027-flaky-networks.md). app/service-worker.ts is bundled on its own by Vite
// (Rolldown), then Serwist's injectManifest writes it to BUILD_DIR/client/sw.js with the precache
// list: the build's hashed JavaScript and CSS, and the offline page, each with its revision.
// (@serwist/vite is not used: it pins serwist 9.5.12 and Rollup as a peer, and has no React Router
// integration; this step works on whatever the build wrote.)
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const NAME = "Qurhealth";

/** The page a navigation gets when the network does not answer: no script, style attributes only (the CSP allows them). */
const OFFLINE_PAGE = `<!doctype html>
<html lang="en-GH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0d6156">
<meta name="robots" content="noindex">
<title>No connection | ${NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#fff">
<main id="main" style="max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center">
<p style="margin:0;font-weight:700;color:#0d6156">${NAME}</p>
<h1 style="margin:.75rem 0 0;font-size:1.75rem;line-height:1.2">No connection</h1>
<p style="margin:1rem 0 0;line-height:1.6;color:#475569">This page could not be loaded: your phone is not connected to the internet right now. Anything you were typing in a referral, a message or an editor is kept on this phone, and is there when you open the form again.</p>
<p style="margin:2rem 0 0"><a href="" style="display:inline-block;min-height:2.75rem;line-height:2.75rem;padding:0 1.25rem;border-radius:.5rem;background:#0d6156;color:#fff;font-weight:600;text-decoration:none">Try again</a></p>
</main>
</body>
</html>
`;

writeFileSync(path.join(clientDir, "offline.html"), OFFLINE_PAGE);

const out = mkdtempSync(path.join(tmpdir(), "qh-sw-"));
try {
  await build({
    configFile: false,
    logLevel: "warn",
    root,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: true,
      copyPublicDir: false,
      lib: {
        entry: path.join(root, "app/service-worker.ts"),
        formats: ["iife"],
        name: "qurhealthSw",
        fileName: () => "sw.js",
      },
    },
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(out, "sw.js"),
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: ["assets/**/*.{js,css}", "offline.html", "favicon.svg"],
    // A page's texts, in each language (decision 044): a visitor reads one language and a few
    // pages, so they are cached when first fetched (app/service-worker.ts), not all downloaded
    // after the first visit (164 KB gzipped of them, a third more than the rest).
    globIgnores: ["assets/texts-*.js"],
    // Hashed names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  const swKb = (statSync(path.join(clientDir, "sw.js")).size / 1024).toFixed(1);
  console.log(
    `service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB before compression), sw.js ${swKb} KB`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
