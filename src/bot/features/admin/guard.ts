import { auditSubject, type Permission } from "../../../domain/staff/index.js";
import type { BotContext } from "../../context.js";
import { isAdmin, isPrivate } from "../../filters.js";
import { Routes } from "../../routes.js";
import { staffMay, staffRoleOf, tellNotPermitted } from "../../staff.js";
import { COMMAND_PERMISSIONS, callbackPermission } from "./permissions.js";

/** Every admin callback starts with this, so one check covers them all (menus included). */
export const ADMIN_CALLBACK_PREFIX = "a.";
export const ADMIN_COMMANDS = ["admin", "login", "servers"] as const;

/** Admin features run for admins in their private chat with the bot, never in a group. */
export function adminHere(ctx: BotContext): boolean {
  return isAdmin(ctx) && isPrivate(ctx);
}

/** Whether the sender, staff now, may do what `needed` names (`staff-any`: any role). */
async function staffAllows(ctx: BotContext, needed: Permission | "staff-any"): Promise<boolean> {
  if (needed === "staff-any") return (await staffRoleOf(ctx)) !== undefined;
  return staffMay(ctx, needed);
}

/**
 * Answers a staff member whose role does not allow what they pressed or typed, and records the
 * refusal in the audit log (a forged or stale button leaves a trace: who, what, and what it needed).
 */
async function refuseForRole(ctx: BotContext, needed: Permission | "staff-any", what: string): Promise<void> {
  const id = ctx.from?.id;
  if (id !== undefined && needed !== "staff-any") {
    // A press by its section and act (`a.s:extend-ok`), a command by its name: never the rest of
    // the data, which may hold a confirmation's one-time token.
    const command = what.startsWith("/");
    const section = what.split(/[:/]/, 1)[0] ?? what;
    await ctx.deps.staff.audit
      .record({
        actorId: id,
        role: (await staffRoleOf(ctx)) ?? "none",
        action: (command ? what : what.split(":", 2).join(":")).slice(0, 64),
        subject: (command ? auditSubject("command", what) : auditSubject("section", section)).slice(0, 128),
        outcome: "refused",
        note: `needs ${needed}`,
      })
      .catch((err: unknown) => ctx.log.error({ err }, "could not record a refused admin action"));
  }
  return tellNotPermitted(ctx);
}

/**
 * Refuses admin callbacks and commands from anyone not on the staff, and from staff whose role
 * (read now, on every update) does not allow them (see permissions.ts), on every update (a forged
 * or replayed button press included), and logs the attempt. Customers are not told the
 * commands exist. An admin in a group is told to use the private chat: in a group others read
 * the answers and could answer the prompts.
 */
export const adminGuard = new Routes<BotContext>();

adminGuard.on("callback_query:data", async (ctx, next) => {
  const { data } = ctx.callbackQuery;
  if (!data.startsWith(ADMIN_CALLBACK_PREFIX)) return next();
  const needed = callbackPermission(data);
  if (adminHere(ctx) && (await staffAllows(ctx, needed))) return next();
  if (adminHere(ctx)) {
    // Staff, but not for this: a role lowered meanwhile, or a button not of their role (forged).
    ctx.log.warn({ from: ctx.from.id, data }, "refused an admin callback the sender's role does not allow");
    return refuseForRole(ctx, needed, data);
  }
  if (isAdmin(ctx)) {
    ctx.log.info({ from: ctx.from.id, chat: ctx.chat?.id }, "admin callback outside a private chat ignored");
    await ctx.answerCallbackQuery({ text: ctx.t("admin-private-only"), show_alert: true });
    return;
  }
  ctx.log.warn(
    { from: ctx.from.id, data: ctx.callbackQuery.data },
    "refused admin callback from a non-admin",
  );
  await ctx.answerCallbackQuery({ text: ctx.t("admin-refused"), show_alert: true });
});

adminGuard.command([...ADMIN_COMMANDS], async (ctx, next) => {
  const name = (ctx.message?.text ?? "").slice(1).split(/[\s@]/, 1)[0] ?? "";
  const needed = COMMAND_PERMISSIONS[name] ?? "settings";
  if (adminHere(ctx) && (await staffAllows(ctx, needed))) return next();
  if (adminHere(ctx)) return refuseForRole(ctx, needed, `/${name}`);
  if (isAdmin(ctx)) {
    ctx.log.info({ from: ctx.from?.id, chat: ctx.chat.id }, "admin command outside a private chat ignored");
    await ctx.reply(ctx.t("admin-private-only"));
    return;
  }
  ctx.log.warn({ from: ctx.from?.id, command: ctx.message?.text }, "refused admin command from a non-admin");
  await ctx.reply(ctx.t("error-unknown-command"));
});
