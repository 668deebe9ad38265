import path from "node:path";
import type { Plugin } from "vite";
import type { PageScript } from "../app/enhance/page-script.ts";

const SUFFIX = "?page-script";
const PREFIX = "\0page-script:";

/**
 * `import script from "./x.ts?page-script"` gives `{ src, preload }`: the address of x.ts bundled
 * as its own entry in the client build, and the chunks it imports (preloaded with it: app/root.tsx,
 * PageScriptTag). Pages name one in their `handle`, and the root layout
 * loads it with the request's CSP nonce (docs/decisions/008-interactive-public-pages.md, 012).
 *
 * The client build emits each script as a chunk and records its file names; the server build,
 * which runs after it in the same process (React Router shares plugins between the two), reads
 * them. The browser's copy of a route module never renders the script tag, so it gets an empty
 * value. In development the source file is served by Vite as it is.
 */
export function pageScripts(): Plugin {
  const emitted = new Map<string, string>();
  const built = new Map<string, PageScript>();
  let root = process.cwd();
  let base = "/";
  let serve = false;
  return {
    name: "qurhealth:page-scripts",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      base = config.base;
      serve = config.command === "serve";
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      if (!resolved) this.error(`page script not found: ${source}`);
      return PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      if (serve) {
        const src = `${base}${path.relative(root, file).split(path.sep).join("/")}`;
        return `export default ${JSON.stringify({ src, preload: [] } satisfies PageScript)};`;
      }
      if (this.environment.name === "client") {
        if (!emitted.has(file)) {
          emitted.set(file, this.emitFile({ type: "chunk", id: file, name: path.basename(file, path.extname(file)) }));
        }
        return `export default ${JSON.stringify({ src: "", preload: [] } satisfies PageScript)};`;
      }
      const script = built.get(file);
      if (!script) this.error(`page script ${file} is missing from the client build`);
      return `export default ${JSON.stringify(script)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const [file, ref] of emitted) {
        const entry = this.getFileName(ref);
        // Every chunk the script imports statically, however deep: preloaded, so nothing waits in line.
        const preload = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (chunk?.type !== "chunk") return;
          for (const imported of chunk.imports) {
            if (preload.has(imported)) continue;
            preload.add(imported);
            visit(imported);
          }
        };
        visit(entry);
        built.set(file, { src: `${base}${entry}`, preload: [...preload].map((f) => `${base}${f}`) });
      }
    },
  };
}
