import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { BotConversation } from "#src/bot/conversation-kit.js";
import { permitted } from "#src/bot/staff.js";
import { byStaff, type StaffActor } from "#src/domain/fleet/index.js";

/**
 * The hosting sections' side of the staff's roles: the `hosting` permission checked where an
 * action runs (a handler, every step of a dialog), and the acting staff member handed to the
 * domain, which checks again and records the action in the audit log.
 */

/** The staff member behind an update, for the domain's hosting actions (no sender: nobody, refused). */
export function actorOf(ctx: { from?: { id: number } | undefined }): StaffActor {
  return byStaff(ctx.from?.id ?? 0);
}

/** The check at the start of a handler that changes something: false after "not for your role" (recorded). */
export function mayHost(ctx: BotContext, action: string): Promise<boolean> {
  return permitted(ctx, "hosting", action);
}

type Dialog<A extends unknown[]> = (
  conversation: BotConversation,
  ctx: ConvContext,
  ...args: A
) => Promise<void>;

/**
 * A hosting dialog whose every step is checked: each answer it waits for is let in only while the
 * sender's role (read now) still allows `hosting`. A dialog begun before the role was lowered
 * ends at its next answer with "not for your role", and the refusal is recorded as `action`.
 * The check is kept in the replay, so it runs once per answer.
 */
export function hostingDialog<A extends unknown[]>(action: string, dialog: Dialog<A>): Dialog<A> {
  return (conversation, ctx, ...args) => dialog(checkedEachStep(conversation, action), ctx, ...args);
}

/** `conversation` whose `wait` checks the role after each answer (its answers are only awaited). */
function checkedEachStep(conversation: BotConversation, action: string): BotConversation {
  const wait = async (options?: Parameters<BotConversation["wait"]>[0]): Promise<ConvContext> => {
    const answer = await conversation.wait(options);
    const allowed = await conversation.external((outer: BotContext) => mayHost(outer, action));
    if (!allowed) await conversation.halt();
    return answer;
  };
  return new Proxy(conversation, {
    get(target, prop) {
      if (prop === "wait") return wait;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
