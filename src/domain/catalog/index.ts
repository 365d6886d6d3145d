/**
 * The catalog room: what the shop sells and the switches its admins set. The plans file
 * (parsed, checked, reloaded without a restart), which plans are on sale with the backends
 * configured, amounts in minor units, and the shop-wide settings kept in Redis. It imports only
 * the staff room (staff changes are checked and recorded: `StaffActor`); every room and every
 * delivery surface may import it.
 */

export * from "./catalog.js";
export * from "./catalog-store.js";
export * from "./keys.js";
export * from "./maintenance.js";
export * from "./money.js";
export * from "./plan-edits.js";
export * from "./plan-options.js";
export * from "./required-channels.js";
export * from "./sale.js";
export * from "./services.js";
export * from "./setting-rules.js";
export * from "./settings.js";
export * from "./staff-actor.js";
