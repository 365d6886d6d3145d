import type { StaffTopic } from "./group.js";
import { type Permission, type Role, roleAllows } from "./roles.js";
import type { StaffRoster } from "./roster.js";

/**
 * Who hears of what in their private chat: a staff member whose role holds any of a kind's
 * permissions. Owners and admins get every kind; support gets failed orders (to tell the
 * customer) and tickets; a viewer gets none. The staff group's topics are read by whoever is in
 * the group; this decides the private copies only.
 */
export const NOTICE_PERMISSIONS: Record<StaffTopic, readonly Permission[]> = {
  alerts: ["hosting"],
  payments: ["money"],
  orders: ["money", "customers.message"],
  reconciliation: ["hosting"],
  report: ["money"],
  tickets: ["tickets"],
};

/** Whether `role` gets notices of `topic` privately. */
export function mayReceive(role: Role | undefined, topic: StaffTopic): boolean {
  return NOTICE_PERMISSIONS[topic].some((p) => roleAllows(role, p));
}

/** The staff members (owners first) who get notices of `topic` privately, by their role now. */
export async function noticeRecipients(
  roster: Pick<StaffRoster, "list">,
  topic: StaffTopic,
): Promise<number[]> {
  return (await roster.list()).filter((m) => mayReceive(m.role, topic)).map((m) => m.id);
}
