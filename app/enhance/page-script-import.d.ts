/** `import script from "./x.ts?page-script"` (scripts/vite-page-scripts.ts). */
declare module "*?page-script" {
  const script: import("./page-script").PageScript;
  export default script;
}
