import type { RailModule } from "./rail.js";
import { yooKassaRail } from "./yookassa/index.js";

/**
 * The outside payment rails the shop can offer, one folder each. Adding a rail is its folder
 * (the module with its settings, its client and its mapping to the Rail contract) plus its line
 * here: the config, the checkout, the webhook path, the poll and the admins' screen take it from
 * this list.
 */
export const RAIL_MODULES: readonly RailModule[] = [yooKassaRail];

export * from "./http.js";
export * from "./rail.js";
