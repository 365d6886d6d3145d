import { Menu } from "@grammyjs/menu";
import { InlineKeyboard } from "grammy";
import { type Permission, roleAllows } from "../../../domain/staff/index.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { staffRoleOf } from "../../staff.js";
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
  /** What a role needs to see it (the guard checks its buttons again on every press). */
  permission: Permission | "staff-any";
}

export const adminSections: AdminSection[] = [];

/** The admin menu (ids start with `a.` so the guard re-checks every press). */
export const adminMenu = new Menu<BotContext>("a.root", {
  onMenuOutdated: async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.menu.update();
  },
});
adminMenu.dynamic(async (ctx, range) => {
  // Only what the sender's role may open (the guard refuses the rest whatever is pressed).
  const role = await staffRoleOf(ctx);
  const shown = adminSections.filter((s) => s.permission === "staff-any" || roleAllows(role, s.permission));
  shown.forEach((section, i) => {
    range.text(ctx.t(section.label), async (c) => show(c, await section.open(c)));
    if (i % 2 === 1) range.row();
  });
});

export const adminHomeFeature = new Routes<BotContext>();
adminHomeFeature.use(adminMenu);
adminHomeFeature.command("admin", (ctx) =>
  ctx.reply(ctx.t("admin-title"), { parse_mode: "HTML", reply_markup: adminMenu }),
);
adminHomeFeature.callbackQuery(ADMIN_HOME, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t("admin-title"), { parse_mode: "HTML", reply_markup: adminMenu });
});
