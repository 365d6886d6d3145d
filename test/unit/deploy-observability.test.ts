import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { Metrics } from "../../src/http/metrics.js";
import { projectRoot } from "../../src/runtime/paths.js";

const root = projectRoot();
/** Series Prometheus makes itself, not the bot. */
const PROMETHEUS_OWN = new Set(["up"]);
const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "inf",
  "nan",
]);

/** The series names the bot's registry exposes (a histogram as its _bucket, _sum and _count). */
async function exposedNames(): Promise<Set<string>> {
  const metrics = new Metrics({ processMetrics: true });
  const names = new Set<string>();
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === "histogram") for (const s of ["_bucket", "_sum", "_count"]) names.add(m.name + s);
  }
  return names;
}

/** The metric names a PromQL expression reads: identifiers outside label matchers, grouping lists and strings that are not functions or keywords. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "");
  const names: string[] = [];
  for (const m of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice((m.index ?? 0) + m[0].length).trimStart();
    if (after.startsWith("(") || KEYWORDS.has(m[0].toLowerCase())) continue;
    names.push(m[0]);
  }
  return names;
}

const dashboard = z.object({
  title: z.string(),
  panels: z
    .array(z.object({ title: z.string(), targets: z.array(z.object({ expr: z.string().min(1) })).min(1) }))
    .min(1),
});
const alertRules = z.object({
  groups: z
    .array(
      z.object({
        name: z.string(),
        rules: z
          .array(
            z.object({
              alert: z.string(),
              expr: z.string().min(1),
              for: z.string().optional(),
              labels: z.object({ severity: z.enum(["critical", "warning"]) }),
              annotations: z.object({ summary: z.string(), description: z.string() }),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

describe("deploy/ observability files", () => {
  it("finds metric names in PromQL (and only those)", () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, api) (rate(hosting_api_call_duration_seconds_bucket{status!~"2.."}[5m]))) > 5 and on(api) up == 0',
      ),
    ).toEqual(["hosting_api_call_duration_seconds_bucket", "up"]);
  });

  it("the Grafana dashboard is JSON whose every query reads a metric the bot exposes", async () => {
    const names = await exposedNames();
    const parsed = dashboard.parse(
      JSON.parse(readFileSync(join(root, "deploy/grafana-dashboard.json"), "utf8")),
    );
    const used = parsed.panels.flatMap((p) => p.targets.flatMap((t) => metricNamesIn(t.expr)));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((n) => !names.has(n) && !PROMETHEUS_OWN.has(n))).toEqual([]);
    // What the issue asks the dashboard to show.
    for (const needed of [
      "bot_updates_total",
      "bot_handler_duration_seconds_bucket",
      "queue_jobs",
      "queue_oldest_waiting_seconds",
      "shop_orders",
      "shop_payments_total",
      "shop_refunds_total",
      "reminders_sent_total",
      "telegram_429_total",
      "hosting_api_calls_total",
      "hosting_api_call_duration_seconds_bucket",
    ]) {
      expect(used).toContain(needed);
    }
  });

  it("the Prometheus alert rules are YAML whose every expression reads a metric the bot exposes", async () => {
    const names = await exposedNames();
    const parsed = alertRules.parse(parse(readFileSync(join(root, "deploy/prometheus-alerts.yml"), "utf8")));
    const rules = parsed.groups.flatMap((g) => g.rules);
    const used = rules.flatMap((r) => metricNamesIn(r.expr));
    expect(used.filter((n) => !names.has(n) && !PROMETHEUS_OWN.has(n))).toEqual([]);
    const alerts = rules.map((r) => r.alert);
    for (const needed of [
      "OrdersStuck",
      "OrdersFailing",
      "QueueBacklogOld",
      "HostingErrors",
      "RedisDown",
      "BotDown",
    ]) {
      expect(alerts).toContain(needed);
    }
    expect(rules.find((r) => r.alert === "OrdersStuck")?.expr).toMatch(
      /shop_order_oldest_in_flight_seconds\) > 600/,
    );
    expect(rules.find((r) => r.alert === "RedisDown")?.expr).toContain("redis_up");
  });
});
