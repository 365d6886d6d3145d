/**
 * The books: what the shop knows of its customers and their money. Customers, wallets and
 * their ledger, orders and their status sets, subscriptions and the hosting clients they live
 * on, the renewal chain of one subscription, and the sales and money counters. It imports the
 * catalog room only; every room above it and the delivery surfaces may import it.
 */
export * from "./access.js";
export * from "./client-names.js";
export * from "./customers.js";
export * from "./history.js";
export * from "./keys.js";
export * from "./ledger-reads.js";
export * from "./lua-fragments.js";
export * from "./order-paid.js";
export * from "./order-statuses.js";
export * from "./order-trim.js";
export * from "./orders.js";
export * from "./sales-days.js";
export * from "./services.js";
export * from "./shop-totals.js";
export * from "./subscription-owners.js";
export * from "./subscriptions.js";
export * from "./trial-conversions.js";
export * from "./wallet.js";
