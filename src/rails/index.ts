import type { RailModule } from "./rail.js";
import * as registered from "./registered.js";

/**
 * The outside payment rails the shop can offer, one folder each. Adding a rail is its folder
 * (the module with its settings, its client and its mapping to the Rail contract) plus its one
 * line in registered.ts: the config, the checkout, the webhook path, the poll and the admins'
 * screen take it from this list (in the order of the modules' names).
 */
export const RAIL_MODULES: readonly RailModule[] = Object.values(registered);

export * from "./http.js";
export * from "./rail.js";
