/**
 * Provisioning: a customer's access on the hosting side, through one interface over the three
 * backends (xui servers, the panel, the node): create, renew to an absolute target, limits,
 * state and links; node term changes, which only add days; usage reads and their daily
 * history. It imports catalog and books; fleet, sales, settlement, drift and the delivery
 * surfaces may import it.
 */

export * from "./keys.js";
export * from "./node.js";
export * from "./node-edits.js";
export * from "./node-renewal.js";
export * from "./panel.js";
export * from "./panel-locations.js";
export * from "./provisioners.js";
export * from "./services.js";
export * from "./types.js";
export * from "./usage.js";
export * from "./usage-history.js";
export * from "./xui.js";
export * from "./xui-placement.js";
