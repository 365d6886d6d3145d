/**
 * Sales: what a customer can buy and at what price. Purchases, renewals, trials, traffic packs
 * and top-ups (the Shop), paying from the wallet, invoices, promo codes, referrals and their
 * rewards, and gifts. It imports the rooms below it (catalog, books, provisioning, fleet); settlement, the
 * back office and the delivery surfaces may import it.
 */
export * from "./auto-renew.js";
export * from "./cashier.js";
export * from "./channel-gate.js";
export * from "./checkout.js";
export * from "./delivery.js";
export * from "./gifts.js";
export * from "./invoices.js";
export * from "./keys.js";
export * from "./lua-fragments.js";
export * from "./order-terms.js";
export * from "./plan-switch.js";
export * from "./promo-codes.js";
export * from "./promo-store.js";
export * from "./referral-rewards.js";
export * from "./referrals.js";
export * from "./seats.js";
export * from "./services.js";
export * from "./shop.js";
export * from "./term-value.js";
export * from "./top-ups.js";
export * from "./traffic-packs.js";
export * from "./trial-watch.js";
