import type { BotContext } from "../context.js";

/** Leaves any dialog the user is in and starts `name` with `args`. */
export async function enterConversation(ctx: BotContext, name: string, ...args: unknown[]): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(name, ...args);
}
