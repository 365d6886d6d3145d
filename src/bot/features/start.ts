import { GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { html } from "../../render/format.js";
import { menuCb } from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { Routes } from "../routes.js";
import { mayEdit, show } from "../views/show.js";
import { helpView } from "./help.js";
import { languageMarkup } from "./language.js";
import { greeting, mainMenuMarkup } from "./main-menu.js";
import { answer } from "./shop/common.js";
import { giftFeature, giftOnStart } from "./shop/gifts.js";
import { openShop } from "./shop/index.js";
import { inviteFeature, inviteOnStart, openInvite } from "./shop/invite.js";
import { seatOnStart } from "./shop/seats.js";

export const startFeature = new Routes<BotContext>();
startFeature.command("start", async (ctx) => {
  // A plain /start only records the first start (referrals), which the greeting does not wait on:
  // both go at once (inviteOnStart never rejects), and the update ends once both are done.
  if (!ctx.match) {
    const recorded = inviteOnStart(ctx, "");
    await ctx.reply(greeting(ctx), { reply_markup: await mainMenuMarkup(ctx) });
    await recorded;
    return;
  }
  // `/start <payload>` from a t.me link: a referral code is attributed; a gift link is claimed.
  const welcome = await inviteOnStart(ctx, ctx.match);
  const gift = (await giftOnStart(ctx, ctx.match)) ?? (await seatOnStart(ctx, ctx.match));
  // What the link brought (a gift claimed, a welcome) stays in the chat: the menu opens anew.
  const keep = welcome !== undefined || gift !== undefined;
  const reply_markup = await mainMenuMarkup(ctx, { keep });
  if (!keep) return void (await ctx.reply(greeting(ctx), { reply_markup }));
  // Their lines are HTML: the greeting (the user's name in it) joins them escaped.
  const text = [html(greeting(ctx)), welcome, gift].filter(Boolean).join("\n\n");
  await ctx.reply(text, { parse_mode: "HTML", reply_markup });
});
startFeature.use(inviteFeature, giftFeature);

/** The message becomes the main menu again (sent anew when it cannot be edited). */
async function showMainMenu(ctx: BotContext): Promise<void> {
  await showPlain(ctx, greeting(ctx), await mainMenuMarkup(ctx));
}

/**
 * A plain-text screen of the menu (the greeting has the user's name in it, not HTML): the pressed
 * message becomes it, or it is sent anew when that message must stay (mayEdit) or cannot be edited.
 */
async function showPlain(ctx: BotContext, text: string, reply_markup: InlineKeyboardMarkup): Promise<void> {
  if (mayEdit(ctx)) {
    try {
      await ctx.editMessageText(text, { reply_markup });
      return;
    } catch (err) {
      if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
    }
  }
  await ctx.reply(text, { reply_markup });
}

/** The main menu's buttons; each press is answered once (by the section when it has a notice). */
startFeature.callbackQuery(menuCb.pattern, async (ctx) => {
  const pressed = menuCb.unpack(ctx.callbackQuery.data);
  switch (pressed?.act) {
    case "main":
      await answer(ctx);
      return showMainMenu(ctx);
    case "buy":
    case "my":
    case "wallet":
    case "trial":
      await openShop(ctx, pressed.act);
      return answer(ctx);
    case "invite":
      await openInvite(ctx);
      return answer(ctx);
    case "lang":
      await answer(ctx);
      return showPlain(ctx, ctx.t("language-choose"), languageMarkup(ctx, "menu"));
    case "help":
      await answer(ctx);
      return show(ctx, helpView(ctx, "menu"));
    default:
      return outdated(ctx);
  }
});

/**
 * A button of a menu made before this version (the menu plugin's `main/...`, `main-language/...`
 * and `language/...` data), or forged: said to be outdated, and the current main menu shown.
 */
startFeature.callbackQuery(/^(main|main-language|language)\//, outdated);

async function outdated(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery(ctx.t("error-menu-outdated"));
  await showMainMenu(ctx);
}
