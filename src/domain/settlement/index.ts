/**
 * Settlement: money that came in, and what it buys. The payment inbox (every successful payment
 * stored before it is acknowledged, credited once), the fulfilment of paid orders (traffic packs
 * among them), and Stars refunds. It imports the rooms below it; the back office and the delivery
 * surfaces may import it.
 */
export * from "./after-active.js";
export * from "./archiving.js";
export * from "./family-end.js";
export * from "./fulfilment.js";
export * from "./keys.js";
export * from "./order-runs.js";
export * from "./payment-inbox.js";
export * from "./plan-switch.js";
export * from "./rail-money.js";
export * from "./rail-payments.js";
export * from "./rail-refund.js";
export * from "./rail-store.js";
export * from "./seats.js";
export * from "./services.js";
export * from "./stars-refund.js";
export * from "./traffic-packs.js";
