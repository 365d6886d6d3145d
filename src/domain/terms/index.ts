/**
 * Terms: every change of a subscription's term, one at a time. Paid renewals and admins' changes
 * of a client a subscription lives on take turns in the subscription's chain; an additive change
 * fixes its target when its turn comes, from where the term then starts (the hosting side's
 * expiry, or the shop's exact record when the read is within the backend's rounding above it).
 * It imports catalog, books and provisioning; fleet, sales, settlement, drift and the delivery
 * surfaces may import it.
 */
export * from "./authority.js";
export * from "./chain.js";
export * from "./changes.js";
export * from "./family.js";
export * from "./freezes.js";
export * from "./keys.js";
export * from "./lua-fragments.js";
export * from "./services.js";
