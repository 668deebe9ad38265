// Node's load hook for `.po` catalogues, for code run by Node outside Vite (the benchmarks): a
// catalogue is a module exporting its compiled messages, every text of the language, as Vite gives
// them to the server (scripts/vite-po-catalogue.ts, decision 044). Registered by po-register.mjs.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export async function load(url, context, nextLoad) {
  const [file] = url.split("?");
  if (!file.endsWith(".po")) return nextLoad(url, context);
  const { compileCatalogue } = await import("./vite-po-catalogue.ts");
  const messages = compileCatalogue(readFileSync(fileURLToPath(file), "utf8"));
  return { format: "module", source: `export default ${JSON.stringify(messages)};`, shortCircuit: true };
}
