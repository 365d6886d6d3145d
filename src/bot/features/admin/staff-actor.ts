import type { Middleware } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { permitted, tellNotPermitted } from "#src/bot/staff.js";
import { StaffActor } from "#src/domain/catalog/index.js";
import { NotPermitted, type Permission } from "#src/domain/staff/index.js";

/** The update's sender as the staff member acting: the domain checks their role again and records the change. */
export function staffActor(ctx: BotContext): StaffActor {
  return new StaffActor(ctx.from?.id ?? 0, ctx.deps.staff, () => ctx.deps.clock.now());
}

/**
 * Runs a staff change through the domain's staff entry point. The domain refusing it (the role
 * lowered between the bot's check and the change: NotPermitted, recorded there) is answered as
 * the bot's own refusal; undefined then.
 */
export async function asStaff<T>(
  ctx: BotContext,
  change: (actor: StaffActor) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await change(staffActor(ctx));
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    await tellNotPermitted(ctx);
    return undefined;
  }
}

/**
 * Checks every step of the admin dialog `name` (a text typed, a button of its own pressed) against
 * the sender's role now: a dialog started before the role was lowered is refused at its next step
 * (answered, recorded as `action`) and ends there, before it can change anything. Goes before the
 * dialog's own middleware. A command passes: it leaves the dialog and runs as usual.
 */
export function dialogGuard(name: string, permission: Permission, action: string): Middleware<BotContext> {
  return async (ctx, next) => {
    if (ctx.conversation.active(name) === 0 || ctx.message?.text?.startsWith("/")) return next();
    if (await permitted(ctx, permission, action)) return next();
    await ctx.conversation.exit(name);
  };
}
