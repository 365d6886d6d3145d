/**
 * Drift: the shop's records and the hosting side compared. The reconciliation (bulk reads, one
 * rule per kind, the record following the hosting side while nothing else moves it), its
 * findings and the admins' decisions on them (recreate, move off a gone server, orphans). It
 * imports staff, catalog, books, provisioning, terms and fleet (the staff's gate, the watch's view
 * for the customers' service status, which joins it with the drift's); only the
 * workers and the delivery surfaces import it.
 */
export * from "./actions/index.js";
export * from "./classify.js";
export * from "./connected.js";
export * from "./findings.js";
export * from "./follow.js";
export * from "./keys.js";
export * from "./readers.js";
export * from "./reconciler.js";
export * from "./rules.js";
export * from "./service-status.js";
export * from "./services.js";
export * from "./sync.js";
