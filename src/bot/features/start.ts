import { Menu } from "@grammyjs/menu";
import { Composer, GrammyError } from "grammy";
import { MAIN_MENU } from "../../render/shop-callbacks.js";
import { cabinetUrl } from "../../webapp/menu-button.js";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";
import { helpText } from "./help.js";
import { addLanguageButtons } from "./language.js";
import { giftFeature, giftOnStart } from "./shop/gifts.js";
import { openShop } from "./shop/index.js";
import { inviteFeature, inviteOnStart, openInvite } from "./shop/invite.js";

export function greeting(ctx: BotContext): string {
  const text = ctx.t("start-greeting", { name: ctx.from?.first_name ?? "" });
  return isAdmin(ctx) ? `${text}\n\n${ctx.t("start-greeting-admin")}` : text;
}

/** The main menu under /start; shop features add their buttons here. */
export const mainMenu = new Menu<BotContext>("main", {
  // What the buttons depend on, instead of hashing every label on each render and press.
  // (a label stands for the language, then what the dynamic buttons depend on).
  fingerprint: (ctx) => {
    const { trial, referral } = ctx.deps.shop.catalog();
    return `${ctx.t("menu-buy")}|${cabinetUrl(ctx.deps.config) ?? ""}|${trial ? 1 : 0}${referral ? 1 : 0}`;
  },
  onMenuOutdated: async (ctx) => {
    await ctx.answerCallbackQuery(ctx.t("error-menu-outdated"));
    await ctx.menu.update();
  },
});

/** The language picker reached from the main menu; after a choice it returns in the new language. */
const mainLanguageMenu = new Menu<BotContext>("main-language");
addLanguageButtons(mainLanguageMenu, async (ctx) => {
  ctx.menu.back();
  await ctx.editMessageText(greeting(ctx));
});
mainLanguageMenu.row().back(
  (ctx) => ctx.t("menu-back"),
  (ctx) => ctx.editMessageText(greeting(ctx)),
);

mainMenu
  .dynamic((ctx, range) => {
    // The customer cabinet (Mini App) when WEBAPP_URL is set; web_app buttons work in private chats only.
    const url = cabinetUrl(ctx.deps.config);
    if (url && ctx.chat?.type === "private") range.webApp(ctx.t("menu-cabinet"), url).row();
  })
  .text(
    (ctx) => ctx.t("menu-buy"),
    (ctx) => openShop(ctx, "buy"),
  )
  .text(
    (ctx) => ctx.t("menu-my"),
    (ctx) => openShop(ctx, "my"),
  )
  .row()
  .text(
    (ctx) => ctx.t("menu-wallet"),
    (ctx) => openShop(ctx, "wallet"),
  )
  .dynamic((ctx, range) => {
    // The free trial only while the catalog offers one.
    if (ctx.deps.shop.catalog().trial) range.text(ctx.t("menu-trial"), (c) => openShop(c, "trial"));
  })
  .row()
  .dynamic((ctx, range) => {
    // Invitations while the catalog sets referral rewards (the screen says so when switched off).
    if (ctx.deps.shop.catalog().referral) range.text(ctx.t("menu-invite"), openInvite).row();
  })
  .submenu(
    (ctx) => ctx.t("menu-language"),
    "main-language",
    (ctx) => ctx.editMessageText(ctx.t("language-choose")),
  )
  .text(
    (ctx) => ctx.t("menu-help"),
    (ctx) => ctx.reply(helpText(ctx), { parse_mode: "HTML" }),
  );
mainMenu.register(mainLanguageMenu);

/**
 * Sends `text` with the main menu under it (in a private chat; elsewhere just the text), so a
 * step that ends leads somewhere. Runs where the main menu's middleware is installed.
 */
export async function replyWithMainMenu(ctx: BotContext, text: string): Promise<void> {
  if (ctx.chat?.type === "private") await ctx.reply(text, { reply_markup: mainMenu });
  else await ctx.reply(text);
}

export const startFeature = new Composer<BotContext>();
startFeature.command("start", async (ctx) => {
  // `/start <payload>` from a t.me link: a referral code is attributed; a gift link is claimed.
  const welcome = await inviteOnStart(ctx, ctx.match);
  const gift = await giftOnStart(ctx, ctx.match);
  const text = [greeting(ctx), welcome, gift].filter(Boolean).join("\n\n");
  await ctx.reply(text, { reply_markup: mainMenu });
});
startFeature.use(inviteFeature, giftFeature);

/** "« Main menu" under the shop's views: the message becomes the main menu again. */
startFeature.callbackQuery(MAIN_MENU, async (ctx) => {
  await ctx.answerCallbackQuery();
  try {
    await ctx.editMessageText(greeting(ctx), { reply_markup: mainMenu });
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
    await ctx.reply(greeting(ctx), { reply_markup: mainMenu });
  }
});
