/**
 * The back office: what admins do to the shop's customers and money. Wallet credits and
 * debits, charging a refunded order again, blocks, broadcasts and their drafts, sales stats,
 * CSV exports, and support tickets. It imports the rooms below it; only the delivery surfaces import it.
 */
export * from "./admin-wallet.js";
export * from "./audit-export.js";
export * from "./broadcast-drafts.js";
export * from "./broadcasts.js";
export * from "./charge-again.js";
export * from "./customer-blocks.js";
export * from "./customer-messages.js";
export * from "./daily-report.js";
export * from "./export.js";
export * from "./fair-refund.js";
export * from "./keys.js";
export * from "./services.js";
export * from "./stats.js";
export * from "./ticket-records.js";
export * from "./tickets.js";
