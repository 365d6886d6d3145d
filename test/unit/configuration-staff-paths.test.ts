import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 28: the shop's configuration (settings, maintenance, required channels, plans, the catalog
 * reload, promo codes) has two ways in: the staff entry points (`…As(actor, …)`, checked against
 * the member's role and recorded) and the unchecked ones kept for start-up, tools and tests. The
 * delivery surfaces must use the first: a call of an unchecked one there would change the shop
 * with no check of the role in the domain and no audit record.
 */

const UNCHECKED =
  /\.(setAutoExtend|setOutageGraceMinutes|setExtendCostHint|setHostingCurrency|setReferralsOn|setGiftExpiryDays|setGateCoverage|setAutoRenewDays|setMaintenanceAutoMinutes|addChannel|removeChannel|savePlan|useFile|keepEdit)\(|catalogFile\.reload\(|maintenance\.(close|open)\(|promos\.(create|disable)\(/g;
const SURFACES = ["src/bot", "src/webapp", "src/http"];

const root = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function uncheckedCalls(text: string): string[] {
  return [...text.matchAll(UNCHECKED)].map((m) => m[0]);
}

describe("the delivery surfaces change the configuration only as a staff member", () => {
  it("the measure finds an unchecked call and lets a staff one pass", () => {
    expect(uncheckedCalls("await ctx.deps.catalog.settings.setAutoExtend(true);")).toEqual([
      ".setAutoExtend(",
    ]);
    expect(uncheckedCalls("await maintenance.close({ by });")).toEqual(["maintenance.close("]);
    expect(uncheckedCalls("await ctx.deps.sales.promos.disable(code);")).toEqual(["promos.disable("]);
    expect(
      uncheckedCalls("await settings.setAs(actor, change); await store.savePlanAs(actor, p, 1);"),
    ).toEqual([]);
  });

  it("no file of the bot, the cabinet or the HTTP server calls an unchecked one", () => {
    const found = SURFACES.flatMap((dir) =>
      sources(join(root, dir)).flatMap((file) =>
        uncheckedCalls(readFileSync(file, "utf8")).map((call) => `${relative(root, file)}: ${call}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
