/**
 * The staff room, the lowest floor: who works on the shop and in which role (owners from
 * ADMIN_IDS, others kept in Redis), the one check of a permission, and the audit log every room
 * records its staff actions in (in the same step as a Redis change, through `writeAuditIn` or the
 * `audit-record` Lua fragment). It imports no other room; every room and surface may import it.
 */
export * from "./audit.js";
export * from "./group.js";
export * from "./keys.js";
export * from "./notice-roles.js";
export * from "./roles.js";
export * from "./roster.js";
export * from "./services.js";
