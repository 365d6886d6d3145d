import type { Permission, Role, StaffRoster } from "../domain/staff/index.js";
import { NotPermitted, roleAllows } from "../domain/staff/index.js";
import type { BotContext } from "./context.js";

/** How often a process looks again at who is staff (a change made elsewhere shows within this). */
const REFRESH_MS = 3_000;

/**
 * Who is staff, as this process last read it: a cheap, synchronous "is this update a staff
 * member's?" for routing (the admin wing, its conversations, the admin greeting). It is never
 * what allows an action: the guard and the domain read the role stored now (StaffRoster).
 */
export class StaffIndex {
  private ids: ReadonlySet<number> = new Set();
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(private readonly roster: StaffRoster) {}

  has(id: number): boolean {
    if (Date.now() - this.readAt > REFRESH_MS) void this.refresh().catch(() => undefined);
    return this.roster.isOwner(id) || this.ids.has(id);
  }

  /** Reads the staff again now (after a change made in this process). */
  refresh(): Promise<void> {
    this.readAt = Date.now();
    this.reading ??= this.roster
      .ids()
      .then((ids) => {
        this.ids = new Set(ids);
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}

const indexes = new WeakMap<StaffRoster, StaffIndex>();

/** The process's staff index over `roster` (one per roster). */
export function staffIndexOf(roster: StaffRoster): StaffIndex {
  let index = indexes.get(roster);
  if (!index) {
    index = new StaffIndex(roster);
    indexes.set(roster, index);
  }
  return index;
}

const roles = new WeakMap<BotContext, Promise<Role | undefined>>();

/** The sender's role as stored now (read once per update). */
export function staffRoleOf(ctx: BotContext): Promise<Role | undefined> {
  let role = roles.get(ctx);
  if (!role) {
    const id = ctx.from?.id;
    role = id === undefined ? Promise.resolve(undefined) : ctx.deps.staff.roster.roleOf(id);
    roles.set(ctx, role);
  }
  return role;
}

/** Whether the sender's role now allows `permission`. */
export async function staffMay(ctx: BotContext, permission: Permission): Promise<boolean> {
  return roleAllows(await staffRoleOf(ctx), permission);
}

/**
 * Checks `permission` where an admin action happens (a handler, a conversation's step): false
 * after telling the sender it is not for their role and recording the refusal (`action` on
 * `subject`, e.g. `customer:42`, so it is found with the subject's other entries). The domain
 * checks again (StaffRoster.require) where it changes something.
 */
export async function permitted(
  ctx: BotContext,
  permission: Permission,
  action: string = permission,
  subject?: string,
): Promise<boolean> {
  const id = ctx.from?.id;
  if (id === undefined) return false;
  try {
    await ctx.deps.staff.roster.require(id, permission, action, subject);
    return true;
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    await tellNotPermitted(ctx);
    return false;
  }
}

/** Answers an action the sender's role may not take (a toast on a button, else a message). */
export async function tellNotPermitted(ctx: BotContext): Promise<void> {
  const text = ctx.t("staff-not-permitted");
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true }).catch(() => undefined);
  else await ctx.reply(text);
}
