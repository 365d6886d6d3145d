import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/config.js";
import { AUDIENCES, EXPORT_KINDS, STATS_RANGES, STOP_OUTCOMES } from "../../src/domain/backoffice/index.js";
import { LEDGER_KINDS, ORDER_STATUSES, type OrderKind } from "../../src/domain/books/index.js";
import {
  DRIFT_KINDS,
  LOCATION_STATES,
  PANEL_GAP_REASONS,
  type ServerGoneReason,
  type SubscriptionProblem,
} from "../../src/domain/drift/index.js";
import { MOVE_SKIPS } from "../../src/domain/fleet/index.js";
import type { Cashier } from "../../src/domain/sales/index.js";
import {
  POWER_ACTIONS,
  SERVER_STATUSES,
  type ServerKind,
  type ServerState,
  type XuiClientStatus,
} from "../../src/hosting/account/index.js";
import { REMINDER_THRESHOLDS } from "../../src/workers/reminders.js";
import { TRAFFIC_LEVELS } from "../../src/workers/traffic.js";

/**
 * Issue 11: "a test names each locale key built from a template and checks it exists in both
 * languages". Each family below is a template as written in src (`*` for the part filled in by `${…}`)
 * with every value that part can take; the second test finds the templates in src, so a new one
 * fails here until it is named with its values.
 */

/** Every member of the union T: the compiler refuses a missing or an unknown one. */
const every = <T extends string | number>(all: Record<T, true>): string[] => Object.keys(all);

type PreCheckoutRefusal = Extract<Awaited<ReturnType<Cashier["checkPreCheckout"]>>, { ok: false }>["reason"];

const FAMILIES: Record<string, readonly (string | number)[]> = {
  // help.ts withSupport(ctx, key): the keys its callers pass (shop, buy, trial, /my renewal, packs).
  "*-support": ["error-blocked", "my-renew-disabled", "pack-refused-disabled"],
  // commands.ts: the customer and the admin commands.
  "command-*": [
    "start",
    "buy",
    "my",
    "wallet",
    "trial",
    "promo",
    "language",
    "help",
    "admin",
    "login",
    "servers",
  ],
  "stats-range-*": STATS_RANGES,
  "stats-btn-*": STATS_RANGES,
  // The admin CSV export's document captions (admin/stats/export.ts).
  "export-caption-*": EXPORT_KINDS,
  "broadcast-to-*": AUDIENCES,
  "broadcast-stop-*": STOP_OUTCOMES,
  "servers-status-*": SERVER_STATUSES,
  "servers-kind-*": every<ServerKind>({ xui: true, remnanode: true, other: true }),
  // Unknown (no state read) has its own key.
  "servers-state-*": every<ServerState>({ running: true, offline: true }),
  "servers-regen-warning-*": every<ServerKind>({ xui: true, remnanode: true, other: true }),
  "servers-*": POWER_ACTIONS,
  "servers-power-confirm-*": POWER_ACTIONS,
  "servers-power-done-*": POWER_ACTIONS,
  "xui-status-*": every<XuiClientStatus>({ active: true, disabled: true, expired: true, depleted: true }),
  // The rows of a panel create report ("failed" has its own line, with the error).
  "panel-create-row-*": ["created", "exists", "failed"],
  "customers-lang-*": LOCALES,
  "customers-kind-*": LEDGER_KINDS,
  "customers-order-kind-*": every<OrderKind>({
    purchase: true,
    renewal: true,
    trial: true,
    pack: true,
    seat: true,
    seats: true,
    switch: true,
  }),
  "customers-order-status-*": ORDER_STATUSES,
  // A seat freed (shop/seats.ts freeSeat: SeatRevoke's refusals, and a hosting side not answering).
  "seats-free-*": ["unknown", "free", "busy", "failed"],
  // Seats added (Seats.addQuote's refusals).
  "seats-add-refused-*": ["unknown-subscription", "too-many", "term-over", "blocked"],
  "wallet-kind-*": LEDGER_KINDS,
  // /my: a subscription's status (shop/my.ts statusOf, or removed by the admins).
  "my-status-*": ["active", "expired", "disabled", "removed"],
  "invoice-refused-*": every<PreCheckoutRefusal>({
    "invoice-invalid": true,
    "invoice-expired": true,
    blocked: true,
    undeliverable: true,
  }),
  "remind-*": REMINDER_THRESHOLDS.map((t) => t.id),
  "traffic-*": TRAFFIC_LEVELS,
  // Drift (issue 13): the Sync view, the admins' report and /my's problem line.
  "drift-kind-*": DRIFT_KINDS,
  "drift-line-*": DRIFT_KINDS,
  "drift-gone-*": every<ServerGoneReason>({
    expired: true,
    suspended: true,
    regenerated: true,
    removed: true,
  }),
  // /status: a location's line by its state (shop/status.ts).
  "status-line-*": LOCATION_STATES,
  "my-problem-*": every<SubscriptionProblem>({ missing: true, server_gone: true }),
  // The Sync view's line per panel location not reconciled in full (issue 22).
  "sync-gap-*": PANEL_GAP_REASONS,
  // A bulk move's reasons to leave a customer where they are (issue 31).
  "move-skip-*": MOVE_SKIPS,
};

/** Message ids of a Fluent file (terms, starting with "-", are not looked up by key). */
function messageIds(locale: string): Set<string> {
  const text = readFileSync(new URL(`../../locales/${locale}.ftl`, import.meta.url), "utf8");
  return new Set([...text.matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].map((m) => m[1] ?? ""));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/**
 * Templates used as locale keys in src, each `${…}` written `*`: the key of a `t(...)`,
 * `ctx.t(...)` or `i18n.t(locale, ...)` call, and any key-like template (letters, digits, dashes)
 * on a line that calls `t(` (a ternary's branch, say).
 */
function templatesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  const src = new URL("../../src", import.meta.url).pathname;
  const call = /\bt\(\s*(?:[\w.]+,\s*)?`([^`]*\$\{[^`]*)`/g;
  const keyLike = /`((?:[a-z0-9-]|\$\{[\w.]+\})*\$\{[\w.]+\}(?:[a-z0-9-]|\$\{[\w.]+\})*)`/g;
  const add = (template: string, file: string) =>
    found.set(template.replace(/\$\{[^}]*\}/g, "*"), file.slice(src.length + 1));
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(call)) add(m[1] ?? "", file);
    for (const line of text.split("\n").filter((l) => /\bt\(/.test(l))) {
      for (const m of line.matchAll(keyLike)) {
        // A key has words of its own around the filled-in part (`${a}${b}` is no key).
        if (/[a-z]-|-[a-z]/.test(m[1] ?? "")) add(m[1] ?? "", file);
      }
    }
  }
  return found;
}

describe("locale keys built from a template", () => {
  it("exist in every language for every value their parts can take", () => {
    for (const locale of LOCALES) {
      const ids = messageIds(locale);
      const missing = Object.entries(FAMILIES).flatMap(([template, values]) =>
        values.map((v) => template.replace("*", String(v))).filter((key) => !ids.has(key)),
      );
      expect(missing, `missing in locales/${locale}.ftl`).toEqual([]);
    }
  });

  it("are all named above (a template found in src and not listed fails here)", () => {
    const found = templatesInSource();
    expect(found.size).toBeGreaterThan(10);
    const unnamed = [...found].filter(([template]) => !(template in FAMILIES)).map(([t, f]) => `${t} (${f})`);
    expect(unnamed).toEqual([]);
  });
});
