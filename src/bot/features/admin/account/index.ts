import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { actorOf, mayHost } from "../hosting-staff.js";
import { accountCb } from "./callbacks.js";
import { LOGIN, PASTE_KEY } from "./conversations.js";
import { accountView, linkedKeyboard, unlinkConfirmView, unlinkedView } from "./views.js";

/**
 * The hosting account: its card (user, balance, servers, which key), linking it with `/login`
 * or a pasted key, and unlinking it. What it does goes through the shop's HostingAccount.
 */

export { accountCb } from "./callbacks.js";
export { accountConversations } from "./conversations.js";
export { accountView, relinkKeyboard } from "./views.js";

export const accountFeature = new Routes<BotContext>();

/** Starts linking, unless the key is fixed by ACCOUNT_API_KEY. */
async function startLinking(ctx: BotContext, conversation: string): Promise<void> {
  const info = await ctx.deps.fleet.account.keyInfo();
  if (info.source === "env") {
    await ctx.reply(ctx.t("account-env-key", { prefix: info.prefix ?? "" }), {
      reply_markup: linkedKeyboard(ctx.t),
    });
    return;
  }
  await enterConversation(ctx, conversation);
}

/** The buttons that change the account (or begin to), with their audit action. */
const CHANGES: Partial<Record<string, string>> = {
  link: "account.link",
  key: "account.link",
  "unlink-yes": "account.unlink",
};

accountFeature.command("login", async (ctx) => {
  if (await mayHost(ctx, "account.link")) await startLinking(ctx, LOGIN);
});

accountFeature.callbackQuery(accountCb.pattern, async (ctx) => {
  const data = accountCb.unpack(ctx.callbackQuery.data);
  // Checked before the press is answered, so a refusal is the press's own answer.
  const change = data && CHANGES[data.act];
  if (change && !(await mayHost(ctx, change))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  const { account: hostingAccount } = ctx.deps.fleet;
  switch (data.act) {
    case "view":
      return show(ctx, await accountView(ctx));
    case "link":
      return startLinking(ctx, LOGIN);
    case "key":
      return startLinking(ctx, PASTE_KEY);
    case "unlink":
      return show(ctx, hostingAccount.fixed ? await accountView(ctx) : unlinkConfirmView(ctx));
    case "unlink-yes":
      // A fixed key (ACCOUNT_API_KEY) stays; the admin is still shown the ways to link.
      await hostingAccount.unlink(ctx.from.id, actorOf(ctx));
      return show(ctx, unlinkedView(ctx));
  }
});
