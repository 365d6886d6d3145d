import type { Catalog } from "../../src/domain/catalog/index.js";

type PlanInput = Catalog["plans"][number];

/** What the rigs' plans share: 30 days, no device limit, on the x-ui `servers`. */
export function xuiBase(servers: number[]): Pick<PlanInput, "days" | "devices" | "backend"> {
  return { days: 30, devices: 0, backend: { kind: "xui", servers } };
}

/** The rigs' main plan: `de-xui`, "Germany", 100 GB for 150 Stars (spread over `xuiBase`). */
export const GERMANY = {
  id: "de-xui",
  title: { en: "Germany", ru: "Германия" },
  traffic_gb: 100,
  price: 150,
} as const;
