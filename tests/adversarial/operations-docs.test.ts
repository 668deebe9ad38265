import { readFileSync } from "node:fs";
import { parser } from "@prometheus-io/lezer-promql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ALERT_RULES } from "~/db/schema";
import { countMessage, countProviderError, countWebhookRefusal, watchDatabasePool } from "~/lib/metrics.server";
import { BACKUP_REPORT_TOKEN, type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";

type SyntaxNode = ReturnType<typeof parser.parse>["topNode"];

/*
 * What docs/operations.md and docs/grafana-dashboard.json tell an operator to paste into Prometheus
 * and Grafana, checked against what /metrics of the production build exposes: a renamed
 * metric or label breaks this test, not the operator's dashboard or alerts.
 *   - The dashboard is Grafana's classic dashboard JSON, importable (Dashboards > Import): its
 *     inputs, required plugins, panels on the 24-column grid, targets on the declared data source.
 *   - Every PromQL expression (the dashboard's targets, the docs' queries and alerting rules)
 *     parses with Prometheus' own PromQL grammar (@prometheus-io/lezer-promql); every metric it
 *     selects is exposed; every label it matches or groups by is one of that metric's labels (or
 *     job/instance, which Prometheus adds); a legend names only labels the query keeps.
 *   - The example scrape configurations and the alerting rules file are YAML of Prometheus' shape;
 *     the rules' job is the scrape configuration's job.
 *   - Every metric name the docs mention is exposed, and every metric of the app's own is documented.
 *   - The docs' table of alert rules names exactly the app's rules.
 */

const OPERATIONS = readFileSync("docs/operations.md", "utf8");
const DASHBOARD: unknown = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8"));
/** Labels Prometheus attaches to every scraped series (the target's). */
const TARGET_LABELS = new Set(["job", "instance"]);

let app: BuiltApp;
let exposition: Exposition;

beforeAll(async () => {
  app = await loadBuiltApp();
  // Series that exist only once something happened: made here so their labels can be checked. The
  // server's registry is the process's (app/lib/metrics.server.ts keeps it on globalThis), so these
  // are the counters the build's own code increments; the pool is PostgreSQL's (PGlite has none).
  watchDatabasePool({ totalCount: 3, idleCount: 2, waitingCount: 0 });
  countMessage("sms", "arkesel", "sent");
  countProviderError("arkesel", "no_credit");
  countWebhookRefusal("arkesel");
  await app.request("/robots.txt", { ip: uniqueIp() });
  await app.request("/no-such-page", { ip: uniqueIp() });
  // The backup's series exist once the backup job has reported.
  const report = await app.request("/operations/backup-report", {
    method: "POST",
    headers: { Authorization: `Bearer ${BACKUP_REPORT_TOKEN}` },
    ip: uniqueIp(),
  });
  expect(report.status).toBe(201);
  const scrape = await app.request("/metrics", { ip: "127.0.0.1" });
  expect(scrape.status).toBe(200);
  exposition = readExposition(await scrape.text());
});

afterAll(async () => {
  await app?.close();
});

type Exposition = {
  /** Metric families by name (`# TYPE`), with their type. */
  families: Map<string, string>;
  /** Series names a selector may use (a histogram's family is `_bucket`, `_count`, `_sum`), with their label names. */
  series: Map<string, Set<string>>;
};

function readExposition(text: string): Exposition {
  const families = new Map([...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map((m) => [m[1]!, m[2]!]));
  const series = new Map<string, Set<string>>();
  for (const [name, type] of families) {
    const names = type === "histogram" ? ["_bucket", "_count", "_sum"].map((s) => name + s) : [name];
    for (const n of names) series.set(n, new Set());
  }
  for (const line of text.split("\n")) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!sample) continue;
    const labels = series.get(sample[1]!);
    if (!labels) throw new Error(`a sample of no declared family: ${line}`);
    for (const m of (sample[2] ?? "").matchAll(/([a-zA-Z_]\w*)="(?:[^"\\]|\\.)*"/g)) labels.add(m[1]!);
  }
  return { families, series };
}

type Query = {
  errors: string[];
  selectors: Array<{ name: string | null; matchers: string[] }>;
  /** `by (...)` clauses, with the metrics their aggregation reads. */
  groupings: Array<{ labels: string[]; metrics: string[] }>;
};

const childrenOf = (node: SyntaxNode) => {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
};

/** Every node of `name` under `node` (itself included). */
function descendants(node: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = node.name === name ? [node] : [];
  for (const child of childrenOf(node)) found.push(...descendants(child, name));
  return found;
}

function readQuery(expr: string): Query {
  const tree = parser.parse(expr);
  const text = (node: SyntaxNode) => expr.slice(node.from, node.to);
  const query: Query = { errors: [], selectors: [], groupings: [] };
  tree.iterate({
    enter(ref) {
      if (ref.type.isError)
        query.errors.push(`cannot read "${expr}" at ${ref.from}: "${expr.slice(ref.from, ref.from + 20)}"`);
    },
  });
  const top = tree.topNode;
  const selectorOf = (node: SyntaxNode) => ({
    name: node.getChild("Identifier") ? text(node.getChild("Identifier")!) : null,
    matchers: descendants(node, "LabelMatchers").flatMap((m) => descendants(m, "LabelName").map(text)),
  });
  for (const node of descendants(top, "VectorSelector")) query.selectors.push(selectorOf(node));
  for (const node of descendants(top, "AggregateExpr")) {
    const modifier = node.getChild("AggregateModifier");
    if (!modifier?.getChild("By")) continue;
    query.groupings.push({
      labels: descendants(modifier, "LabelName").map(text),
      metrics: descendants(node, "VectorSelector").map((s) => selectorOf(s).name ?? ""),
    });
  }
  return query;
}

/** What is wrong with one expression, against the exposition (empty: nothing). */
function problems(where: string, expr: string, legend?: string): string[] {
  const query = readQuery(expr);
  const out = query.errors.map((e) => `${where}: ${e}`);
  if (query.selectors.length === 0) out.push(`${where}: "${expr}" selects no metric`);
  const labelsOf = (name: string) => exposition.series.get(name) ?? new Set<string>();
  for (const { name, matchers } of query.selectors) {
    // `up` is Prometheus' own series for each target (1: the scrape succeeded).
    if (name === "up") {
      for (const label of matchers) if (!TARGET_LABELS.has(label)) out.push(`${where}: up has no label ${label}`);
      continue;
    }
    if (!name || !exposition.series.has(name)) {
      out.push(`${where}: ${name ?? "a selector without a metric name"} is not exposed by /metrics`);
      continue;
    }
    for (const label of matchers) {
      if (!labelsOf(name).has(label) && !TARGET_LABELS.has(label)) out.push(`${where}: ${name} has no label ${label}`);
    }
  }
  for (const { labels, metrics } of query.groupings) {
    const available = new Set([...TARGET_LABELS, ...metrics.flatMap((m) => [...labelsOf(m)])]);
    for (const label of labels) {
      if (!available.has(label)) out.push(`${where}: "by (${label})" but ${metrics.join(", ")} have no such label`);
    }
  }
  const kept = new Set(query.groupings.flatMap((g) => g.labels));
  for (const m of (legend ?? "").matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    if (!kept.has(m[1]!)) out.push(`${where}: the legend names {{${m[1]}}}, which "${expr}" does not keep`);
  }
  return out;
}

/** The fenced blocks of one language in the docs. */
const fenced = (language: string) =>
  [...OPERATIONS.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((m) => m[1]!);

// Grafana's classic dashboard JSON (grafana.com/docs/grafana/latest/visualizations/dashboards/build-dashboards/view-dashboard-json-model):
// what an import needs, and the exported form's inputs (`__inputs`, `${DS_...}`) and plugins (`__requires`).
const dataSource = z.object({ type: z.literal("prometheus"), uid: z.string().regex(/^\$\{(\w+)\}$/) });
const gridPos = z
  .object({
    x: z.number().int().min(0).max(23),
    y: z.number().int().min(0),
    w: z.number().int().min(1).max(24),
    h: z.number().int().min(1),
  })
  .refine((g) => g.x + g.w <= 24, "a panel past the grid's 24 columns");
const panel = z.looseObject({
  id: z.number().int().positive(),
  type: z.string(),
  title: z.string().min(1),
  gridPos,
  datasource: dataSource.optional(),
  targets: z
    .array(
      z.looseObject({
        refId: z.string().regex(/^[A-Z]$/),
        expr: z.string().min(1),
        legendFormat: z.string().optional(),
        datasource: dataSource.optional(),
      }),
    )
    .optional(),
  panels: z.array(z.unknown()).optional(),
});
const dashboardSchema = z.looseObject({
  __inputs: z.array(z.looseObject({ name: z.string(), type: z.literal("datasource"), pluginId: z.string() })).min(1),
  __requires: z.array(
    z.looseObject({ type: z.enum(["grafana", "datasource", "panel"]), id: z.string(), version: z.string() }),
  ),
  title: z.string().min(1),
  // Grafana: at most 40 characters, letters, digits, - and _.
  uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/),
  schemaVersion: z.number().int().min(36),
  time: z.object({ from: z.string(), to: z.string() }),
  templating: z.object({ list: z.array(z.unknown()) }),
  annotations: z.object({ list: z.array(z.unknown()) }),
  panels: z.array(panel).min(1),
});

describe("docs/grafana-dashboard.json (issue 39)", () => {
  it("is Grafana's dashboard JSON: importable, its panels on the grid, on the declared data source", () => {
    const dashboard = dashboardSchema.parse(DASHBOARD);
    const inputs = new Set(dashboard.__inputs.map((i) => i.name));
    expect(dashboard.__inputs.map((i) => i.pluginId)).toEqual(["prometheus"]);
    const plugins = new Set(dashboard.__requires.filter((r) => r.type === "panel").map((r) => r.id));
    expect(dashboard.__requires.some((r) => r.type === "datasource" && r.id === "prometheus")).toBe(true);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size, "panel ids are unique").toBe(ids.length);
    const cells = new Map<string, string>();
    for (const p of dashboard.panels) {
      if (p.type === "row") {
        expect(p.gridPos, p.title).toMatchObject({ x: 0, w: 24, h: 1 });
        expect(p.targets ?? [], p.title).toEqual([]);
      } else {
        expect(plugins.has(p.type), `${p.title}: panel type ${p.type} is in __requires`).toBe(true);
        expect(p.datasource, p.title).toBeDefined();
        expect(p.targets?.length, `${p.title} has a query`).toBeGreaterThan(0);
        const refIds = p.targets!.map((t) => t.refId);
        expect(new Set(refIds).size, `${p.title}: refIds are unique`).toBe(refIds.length);
      }
      for (const source of [p.datasource, ...(p.targets ?? []).map((t) => t.datasource)]) {
        if (source) expect(inputs.has(/^\$\{(\w+)\}$/.exec(source.uid)![1]!), `${p.title}: ${source.uid}`).toBe(true);
      }
      // No two panels on the same cell of the grid.
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++) {
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          const taken = cells.get(`${x},${y}`);
          expect(taken, `${p.title} overlaps ${taken}`).toBeUndefined();
          cells.set(`${x},${y}`, p.title);
        }
      }
    }
  });

  it("queries only metrics and labels /metrics exposes, in PromQL that parses", () => {
    const dashboard = dashboardSchema.parse(DASHBOARD);
    const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, ...t })));
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.flatMap((t) => problems(`${t.panel} (${t.refId})`, t.expr, t.legendFormat))).toEqual([]);
  });

  it("would catch a renamed metric, a label that does not exist, and a query that does not parse", () => {
    expect(problems("x", "sum(rate(http_request_duration_seconds_total[5m]))")).toEqual([
      "x: http_request_duration_seconds_total is not exposed by /metrics",
    ]);
    expect(problems("x", 'sum(http_request_duration_seconds_count{path="/"})')).toEqual([
      "x: http_request_duration_seconds_count has no label path",
    ]);
    expect(problems("x", "max by (queue_name) (qurhealth_job_queue_ready)")).toEqual([
      'x: "by (queue_name)" but qurhealth_job_queue_ready have no such label',
    ]);
    expect(problems("x", "max by (queue) (qurhealth_job_queue_ready)", "{{name}}")).toHaveLength(1);
    expect(problems("x", "sum(rate(qurhealth_messages_total[5m])")).not.toEqual([]);
  });
});

describe("docs/operations.md (issue 39)", () => {
  it("has PromQL queries that parse and read only what /metrics exposes", () => {
    const queries = fenced("promql").flatMap((block) =>
      block.split("\n").filter((line) => line.trim() && !line.trimStart().startsWith("#")),
    );
    expect(queries.length).toBeGreaterThanOrEqual(4);
    expect(queries.flatMap((q) => problems("operations.md", q))).toEqual([]);
  });

  it("has scrape configurations of Prometheus' shape, for /metrics", () => {
    const configs = fenced("yaml")
      .map((block) => parseYaml(block) as Record<string, unknown>)
      .filter((doc) => "scrape_configs" in doc);
    expect(configs).toHaveLength(2);
    const duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/);
    const scrapeConfig = z.strictObject({
      scrape_configs: z
        .array(
          z.strictObject({
            job_name: z.string().min(1),
            scheme: z.enum(["http", "https"]).optional(),
            metrics_path: z.literal("/metrics").optional(),
            scrape_interval: duration.optional(),
            authorization: z
              .strictObject({
                type: z.literal("Bearer").optional(),
                credentials: z.string().optional(),
                credentials_file: z.string().optional(),
              })
              .optional(),
            static_configs: z
              .array(z.strictObject({ targets: z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/)).min(1) }))
              .min(1),
          }),
        )
        .min(1),
    });
    for (const config of configs) scrapeConfig.parse(config);
    const jobs = new Set(configs.flatMap((c) => scrapeConfig.parse(c).scrape_configs.map((s) => s.job_name)));
    expect([...jobs]).toEqual(["qurhealth"]);
  });

  it("has an alerting rules file of Prometheus' shape, on the scrape's job and the exposed metrics", () => {
    const files = fenced("yaml")
      .map((block) => parseYaml(block) as Record<string, unknown>)
      .filter((doc) => "groups" in doc);
    expect(files).toHaveLength(1);
    const rulesFile = z.strictObject({
      groups: z
        .array(
          z.strictObject({
            name: z.string().min(1),
            rules: z
              .array(
                z.strictObject({
                  alert: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/),
                  expr: z.string().min(1),
                  for: z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/),
                  labels: z.record(z.string(), z.string()).optional(),
                  annotations: z.record(z.string(), z.string()).optional(),
                }),
              )
              .min(1),
          }),
        )
        .min(1),
    });
    const rules = rulesFile.parse(files[0]).groups.flatMap((g) => g.rules);
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    expect(rules.flatMap((r) => problems(r.alert, r.expr))).toEqual([]);
    // The job a rule names is the one the scrape configurations define.
    for (const r of rules) {
      for (const m of r.expr.matchAll(/job="([^"]*)"/g)) expect(m[1], r.alert).toBe("qurhealth");
    }
    // Each is explained in the docs (what to do).
    for (const name of names) expect(OPERATIONS.includes(`\`${name}\``), name).toBe(true);
  });

  it("names only exposed metrics, and documents every metric of the app's own", () => {
    const named = new Set<string>();
    for (const m of OPERATIONS.matchAll(/\b((?:qurhealth|http|nodejs|process)_[a-z0-9_]*[a-z0-9])\b/g)) {
      named.add(m[1]!.replace(/_(bucket|count|sum)$/, ""));
    }
    expect(named.size).toBeGreaterThan(25);
    expect([...named].filter((name) => !exposition.families.has(name))).toEqual([]);
    const own = [...exposition.families.keys()].filter((name) => /^(qurhealth|http)_/.test(name));
    expect(own.filter((name) => !OPERATIONS.includes(`\`${name}\``))).toEqual([]);
  });

  it("lists exactly the app's alert rules, each with what to do", () => {
    const section = OPERATIONS.slice(OPERATIONS.indexOf("| Rule | Fires when"));
    const table = section.slice(0, section.indexOf("\n\n")).split("\n").slice(2);
    const rules = table.map((row) => /^\| `([a-z_]+)`/.exec(row)?.[1]);
    expect(rules.sort()).toEqual([...ALERT_RULES].sort());
    // Each row says when it fires and what to do.
    for (const row of table) expect(row.split(" | ").map((cell) => cell.trim().length > 3)).toEqual([true, true, true]);
    // /metrics has the open alerts per rule.
    const alerts = exposition.series.get("qurhealth_alerts_open");
    expect(alerts?.has("rule")).toBe(true);
  });
});
