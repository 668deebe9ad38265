// `node --import ./scripts/po-register.mjs …` (package.json's bench scripts): Node loads the app's
// `.po` catalogues (scripts/po-loader.mjs), which the benchmarks reach through the server's modules.
import { register } from "node:module";

register("./po-loader.mjs", import.meta.url);
