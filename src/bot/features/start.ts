import { Composer, GrammyError } from "grammy";
import { menuCb } from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { helpText } from "./help.js";
import { languageMarkup } from "./language.js";
import { greeting, mainMenuMarkup } from "./main-menu.js";
import { answer } from "./shop/common.js";
import { giftFeature, giftOnStart } from "./shop/gifts.js";
import { openShop } from "./shop/index.js";
import { inviteFeature, inviteOnStart, openInvite } from "./shop/invite.js";

export const startFeature = new Composer<BotContext>();
startFeature.command("start", async (ctx) => {
  // `/start <payload>` from a t.me link: a referral code is attributed; a gift link is claimed.
  const welcome = await inviteOnStart(ctx, ctx.match);
  const gift = await giftOnStart(ctx, ctx.match);
  const text = [greeting(ctx), welcome, gift].filter(Boolean).join("\n\n");
  await ctx.reply(text, { reply_markup: await mainMenuMarkup(ctx) });
});
startFeature.use(inviteFeature, giftFeature);

/** The message becomes the main menu again (sent anew when it cannot be edited). */
async function showMainMenu(ctx: BotContext): Promise<void> {
  const reply_markup = await mainMenuMarkup(ctx);
  try {
    await ctx.editMessageText(greeting(ctx), { reply_markup });
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
    await ctx.reply(greeting(ctx), { reply_markup });
  }
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
      await ctx.editMessageText(ctx.t("language-choose"), { reply_markup: languageMarkup(ctx, "menu") });
      return;
    case "help":
      await answer(ctx);
      await ctx.reply(helpText(ctx), { parse_mode: "HTML" });
      return;
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
