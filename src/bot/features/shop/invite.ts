import { InlineKeyboard, InputFile } from "grammy";
import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";
import { html } from "#src/render/format.js";
import { inviteTermsText, inviteLink as linkOf } from "#src/render/invite.js";
import { qrPng } from "#src/render/qr.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { answer, localeOf, mainMenuRow, money } from "./common.js";
import { shopAllowed } from "./index.js";

/** The "Invite friends" screen and its QR code. */
export const inviteCb = callbackCodec("inv", { act: z.enum(["view", "qr"]) });

/** The customer's personal invite link (`t.me/<bot>?start=<code>`). */
async function inviteLink(ctx: BotContext, customerId: number): Promise<string> {
  return linkOf(ctx.me.username, await ctx.deps.sales.referrals.codeOf(customerId));
}

/** Link, what inviting gives, and how many joined, paid and what was earned. */
export async function inviteView(ctx: BotContext): Promise<View> {
  const { referrals } = ctx.deps.sales;
  const terms = await referrals.terms();
  if (!terms || !ctx.from) return { text: ctx.t("invite-off"), keyboard: mainMenuRow(ctx.t) };
  const locale = await localeOf(ctx);
  const [link, stats] = await Promise.all([inviteLink(ctx, ctx.from.id), referrals.statsOf(ctx.from.id)]);
  const text = ctx.t("invite-title", {
    link: html(link),
    terms: inviteTermsText(ctx.t, locale, terms),
    joined: stats.joined,
    paid: stats.paid,
    earned: money(ctx, Math.max(0, stats.earned), locale),
  });
  const keyboard = new InlineKeyboard().text(ctx.t("invite-qr"), inviteCb.pack({ act: "qr" })).row();
  return { text, keyboard: mainMenuRow(ctx.t, keyboard) };
}

/** The main menu's "Invite friends" button. */
export async function openInvite(ctx: BotContext): Promise<void> {
  if (!(await shopAllowed(ctx))) return;
  await show(ctx, await inviteView(ctx));
}

/**
 * A /start: records the user's first start and, with a referral code in its payload, attributes
 * them to the code's owner (the domain decides whether it counts). Returns a welcome line for an
 * invited newcomer. Never stops the greeting: a failure here is logged.
 */
export async function inviteOnStart(ctx: BotContext, payload: string): Promise<string | undefined> {
  const from = ctx.from;
  if (ctx.chat?.type !== "private" || !from || from.is_bot) return undefined;
  // Only the first start counts (the domain keeps the earliest): once this chat's session knows
  // it is recorded, a /start without a code has nothing to record.
  if (!payload && ctx.session.startRecorded) return undefined;
  try {
    const outcome = await ctx.deps.sales.referrals.started(from.id, payload || undefined);
    ctx.session.startRecorded = true;
    if (outcome) ctx.log.info({ customerId: from.id, outcome }, "start with an invite code");
    if (outcome !== "attributed") return undefined;
    const days = (await ctx.deps.sales.referrals.terms())?.bonus_days ?? 0;
    return days > 0 ? ctx.t("invite-welcome-bonus", { days }) : ctx.t("invite-welcome");
  } catch (err) {
    ctx.log.warn({ err, customerId: from.id }, "could not record the start's invitation");
    return undefined;
  }
}

/** The screen's buttons (the shop's checks first: private chat, not blocked). */
export const inviteFeature = new Routes<BotContext>();
inviteFeature.callbackQuery(inviteCb.pattern, async (ctx) => {
  const data = inviteCb.unpack(ctx.callbackQuery.data);
  if (!data || !(await shopAllowed(ctx))) return answer(ctx);
  await answer(ctx);
  if (data.act === "view") return show(ctx, await inviteView(ctx));
  if (!(await ctx.deps.sales.referrals.terms())) return show(ctx, await inviteView(ctx));
  const link = await inviteLink(ctx, ctx.from.id);
  await ctx.replyWithPhoto(new InputFile(await qrPng(link), "invite-qr.png"), {
    caption: ctx.t("invite-qr-caption", { link }),
  });
});
