import { Menu } from "@grammyjs/menu";
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { show, type View } from "../../views/show.js";

/** Returns to the admin menu from any admin view. */
export const ADMIN_HOME = "a.home";

export function adminHomeButton(ctx: BotContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.text(ctx.t("admin-home"), ADMIN_HOME);
}

/** One entry of the admin menu; features register theirs in `adminSections`. */
export interface AdminSection {
  label: string;
  open: (ctx: BotContext) => Promise<View>;
}

export const adminSections: AdminSection[] = [];

/** The admin menu (ids start with `a.` so the guard re-checks every press). */
export const adminMenu = new Menu<BotContext>("a.root", {
  onMenuOutdated: async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.menu.update();
  },
});
adminMenu.dynamic((ctx, range) => {
  adminSections.forEach((section, i) => {
    range.text(ctx.t(section.label), async (c) => show(c, await section.open(c)));
    if (i % 2 === 1) range.row();
  });
});

export const adminHomeFeature = new Composer<BotContext>();
adminHomeFeature.use(adminMenu);
adminHomeFeature.command("admin", (ctx) =>
  ctx.reply(ctx.t("admin-title"), { parse_mode: "HTML", reply_markup: adminMenu }),
);
adminHomeFeature.callbackQuery(ADMIN_HOME, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t("admin-title"), { parse_mode: "HTML", reply_markup: adminMenu });
});
