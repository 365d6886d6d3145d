/**
 * Who may do what in the back office. Four roles, each with a fixed set of permissions: the owner
 * (every id in ADMIN_IDS) does everything; an admin everything but managing staff; support works
 * with customers (view, block, message, tickets); a viewer only looks.
 */

export const ROLES = ["owner", "admin", "support", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The hosting account, servers, panels, nodes, their clients, and the drift sync. */
  "hosting",
  /** Wallet credits and debits, refunds, charging again, retrying failed orders. */
  "money",
  /** Customers' cards, orders, payments and the stats screens. */
  "customers.view",
  /** Blocking and unblocking customers. */
  "customers.block",
  /** Writing to customers (one message, ticket answers). */
  "customers.message",
  /** Support tickets: read, answer, close. */
  "tickets",
  /** The catalog and its plans, required channels, payment rails' choices. */
  "catalog",
  /** Shop settings, maintenance, referrals. */
  "settings",
  /** Promo codes. */
  "promo",
  /** Broadcasts to every customer. */
  "broadcast",
  /** The audit log (reading and exporting it). */
  "audit",
  /** Adding, changing and removing staff; the staff group and its daily report. */
  "staff",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

/** The one table of what each role may do. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: EVERYTHING,
  admin: EVERYTHING.filter((p) => p !== "staff"),
  support: ["customers.view", "customers.block", "customers.message", "tickets"],
  viewer: ["customers.view", "audit"],
};

export function roleAllows(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Roles an owner may give (the owner role comes from ADMIN_IDS only). */
export const ASSIGNABLE_ROLES: readonly Role[] = ["admin", "support", "viewer"];

/** A staff member's action was refused: their role lacks `permission` (or they are not staff). */
export class NotPermitted extends Error {
  constructor(
    readonly actorId: number,
    readonly permission: Permission,
    readonly role: Role | undefined,
  ) {
    super(`staff ${actorId} (${role ?? "not staff"}) may not ${permission}`);
    this.name = "NotPermitted";
  }
}
