/**
 * The admins' decisions on drift findings: recreate a missing client, move a subscription off
 * a server that is gone, delete or adopt an orphan. Each decision is stored before its first
 * hosting write and runs under a per-subject lease. Only the drift room imports it (through
 * drift/index.ts).
 */
export * from "./context.js";
export * from "./decisions.js";
export * from "./hosting.js";
export * from "./move.js";
export * from "./orphans.js";
export * from "./outcomes.js";
export * from "./pending.js";
export * from "./types.js";
