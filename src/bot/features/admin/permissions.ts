import type { Permission } from "../../../domain/staff/index.js";

/**
 * What each admin callback (by its prefix) and command needs: the coarse check the guard makes
 * on every press, whatever the button. Screens that mix actions (a customer's card: view, credit,
 * block, message) check each action's own permission where it runs, and the domain checks again
 * where it changes something. A prefix not listed here needs `settings` (admins and owners).
 */
const CALLBACKS = new Map<string, Permission | "staff-any">([
  ["a.home", "staff-any"],
  ["a.root", "staff-any"],
  ["a.acc", "hosting"],
  // Stars refunds: seen by staff who see customers; the refund itself checks `money`.
  ["a.sr", "customers.view"],
  ["a.s", "hosting"],
  ["a.rw", "hosting"],
  ["a.xu", "hosting"],
  ["a.p", "hosting"],
  ["a.n", "hosting"],
  ["a.y", "hosting"],
  ["a.pay", "customers.view"],
  ["a.c", "customers.view"],
  ["a.o", "customers.view"],
  ["a.rl", "customers.view"],
  ["a.st", "customers.view"],
  ["a.ex", "customers.view"],
  ["a.pq", "promo"],
  ["a.pr", "promo"],
  ["a.pl", "catalog"],
  ["a.chan", "catalog"],
  ["a.cat", "catalog"],
  ["a.set", "settings"],
  ["a.mnt", "settings"],
  ["a.ref", "settings"],
  ["a.bc", "broadcast"],
]);

/** Registers the prefix of a feature's callbacks (the staff, audit, group and ticket screens). */
export function needsPermission(prefix: string, permission: Permission | "staff-any"): void {
  CALLBACKS.set(prefix, permission);
}

/**
 * What an admin callback's data needs, by its prefix (`a.c:card:42` -> `a.c`; a menu's
 * `a.root/...` -> `a.root`): a permission, or only being staff (`staff-any`).
 */
export function callbackPermission(data: string): Permission | "staff-any" {
  return CALLBACKS.get(data.split(/[:/]/, 1)[0] ?? data) ?? "settings";
}

/** What an admin command needs. */
export const COMMAND_PERMISSIONS: Record<string, Permission | "staff-any"> = {
  admin: "staff-any",
  login: "hosting",
  servers: "hosting",
};
