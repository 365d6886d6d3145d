/**
 * The fleet: the hosting account and what admins run on it by hand. The account's key and
 * login, its servers (cards, power, extension from the balance), the master node, and the xui,
 * panel and node clients admins manage (the subscriptions on a client follow the change). It
 * imports staff, catalog, books, provisioning and terms (a bulk move takes its turn in each
 * subscription's term chain); sales, the back office, drift and the delivery
 * surfaces may import it.
 */
export * from "./account-key.js";
export * from "./bulk-move.js";
export * from "./bulk-move-one.js";
export * from "./bulk-move-plan.js";
export * from "./bulk-move-records.js";
export * from "./bulk-move-types.js";
export * from "./core-version.js";
export * from "./forecast.js";
export * from "./forecast-course.js";
export * from "./forecast-math.js";
export * from "./forecasts.js";
export * from "./hosting-account.js";
export * from "./hosting-servers.js";
export * from "./keys.js";
export * from "./node-admin.js";
export * from "./node-clients.js";
export * from "./panel-clients.js";
export * from "./panel-create.js";
export * from "./runway.js";
export * from "./runway-sales.js";
export * from "./runway-tally.js";
export * from "./server-extension.js";
export * from "./server-outages.js";
export * from "./service-notices.js";
export * from "./services.js";
export * from "./staff-acts.js";
export * from "./xui-clients.js";
