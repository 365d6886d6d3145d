import { Menu } from "@grammyjs/menu";
import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";
import { helpText } from "./help.js";
import { addLanguageButtons } from "./language.js";

export function greeting(ctx: BotContext): string {
  const text = ctx.t("start-greeting", { name: ctx.from?.first_name ?? "" });
  return isAdmin(ctx) ? `${text}\n\n${ctx.t("start-greeting-admin")}` : text;
}

/** The main menu under /start; shop features add their buttons here. */
export const mainMenu = new Menu<BotContext>("main", {
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

export const startFeature = new Composer<BotContext>();
startFeature.command("start", (ctx) => ctx.reply(greeting(ctx), { reply_markup: mainMenu }));
