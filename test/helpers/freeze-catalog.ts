import type { Catalog } from "../../src/domain/catalog/index.js";
import { GERMANY, xuiBase } from "./xui-plans.js";

/**
 * The freeze tests' catalog: `de-xui` (30 days, 100 GB, 150 Stars) that may be frozen
 * `timesPerYear` times for 7 to 30 days, on the x-ui `servers`; with `plain`, a second plan
 * without freezes.
 */
export function freezeCatalog(servers: number[], timesPerYear: number, plain = false): Catalog {
  const base = xuiBase(servers);
  return {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      {
        ...base,
        ...GERMANY,
        freeze: { times_per_year: timesPerYear, min_days: 7, max_days: 30 },
      },
      ...(plain
        ? [{ ...base, id: "plain", title: { en: "Plain", ru: "Простой" }, traffic_gb: 100, price: 100 }]
        : []),
    ],
  };
}
