import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { ConvContext } from "#src/bot/context.js";
import {
  ANSWER_TIMEOUT_MS,
  type BotConversation,
  CONV_CANCEL,
  haltCancelled,
} from "#src/bot/conversation-kit.js";
import { callbackCodec } from "#src/render/callback-data.js";

/**
 * The promo dialog's button questions: the plans (tap to choose, "All plans", Continue) and
 * yes/no. Cancel (or /cancel) ends the dialog; another button or a command leaves it and works
 * as outside it; a typed answer is still read (plan ids, yes/no), for admins used to typing.
 */
export const promoAskCb = callbackCodec("a.pq", {
  act: z.enum(["plan", "all", "go", "yes", "no"]),
  i: z.coerce.number().int().min(0).max(99),
});

export interface PlanChoice {
  id: string;
  title: string;
}

type Answer = ConvContext;

/** What the update is: a press of one of ours, Cancel, leaving, or typed text. */
async function read(conversation: BotConversation, answer: Answer) {
  const data = answer.callbackQuery?.data;
  const text = answer.message?.text?.trim();
  if (data === CONV_CANCEL || text === "/cancel") {
    if (answer.callbackQuery) await answer.answerCallbackQuery();
    return haltCancelled(conversation);
  }
  const pressed = data === undefined ? undefined : promoAskCb.unpack(data);
  if (pressed) return { pressed, text: undefined };
  if (answer.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
  return { pressed: undefined, text };
}

/** Plan ids typed with commas (all of them on sale), or "-" for every plan; undefined otherwise. */
export function parsePlans(text: string, onSale: readonly string[]): string[] | undefined {
  if (text.trim() === "-") return [];
  const ids = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.length > 0 && ids.every((id) => onSale.includes(id)) ? [...new Set(ids)] : undefined;
}

/** The plans a code is for: some of them (ticked), or all ([]). */
export async function askPlans(
  conversation: BotConversation,
  ctx: ConvContext,
  plans: readonly PlanChoice[],
): Promise<string[]> {
  const chosen = new Set<number>();
  const keyboard = () => {
    const kb = new InlineKeyboard();
    plans.forEach((p, i) => {
      kb.text(`${chosen.has(i) ? "✅" : "⬜"} ${p.title}`, promoAskCb.pack({ act: "plan", i })).row();
    });
    kb.text(ctx.t("promo-admin-plans-all"), promoAskCb.pack({ act: "all", i: 0 }));
    kb.text(ctx.t("promo-admin-plans-go"), promoAskCb.pack({ act: "go", i: 0 })).row();
    return kb.text(ctx.t("conv-cancel"), CONV_CANCEL);
  };
  const prompt = ctx.t("promo-admin-ask-plans");
  await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: keyboard() });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const { pressed, text } = await read(conversation, answer);
    if (pressed?.act === "plan" && pressed.i < plans.length) {
      if (chosen.has(pressed.i)) chosen.delete(pressed.i);
      else chosen.add(pressed.i);
      await answer.answerCallbackQuery();
      await answer
        .editMessageText(prompt, { parse_mode: "HTML", reply_markup: keyboard() })
        .catch(() => undefined);
      continue;
    }
    if (pressed?.act === "all") {
      await answer.answerCallbackQuery();
      return [];
    }
    if (pressed?.act === "go") {
      if (chosen.size === 0) {
        await answer.answerCallbackQuery({ text: ctx.t("promo-admin-plans-none"), show_alert: true });
        continue;
      }
      await answer.answerCallbackQuery();
      return plans.flatMap((p, i) => (chosen.has(i) ? [p.id] : []));
    }
    if (pressed) {
      await answer.answerCallbackQuery();
      continue;
    }
    const typed =
      text === undefined
        ? undefined
        : parsePlans(
            text,
            plans.map((p) => p.id),
          );
    if (typed) return typed;
    await answer.reply(ctx.t("promo-admin-invalid-plans"), { parse_mode: "HTML" });
  }
}

const YES = ["yes", "y", "да", "д"];
const NO = ["no", "n", "нет", "н"];

/** A yes/no question with Yes and No buttons. */
export async function askYesNo(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<boolean> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("promo-admin-button-yes"), promoAskCb.pack({ act: "yes", i: 0 }))
    .text(ctx.t("promo-admin-button-no"), promoAskCb.pack({ act: "no", i: 0 }))
    .row()
    .text(ctx.t("conv-cancel"), CONV_CANCEL);
  await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: keyboard });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const { pressed, text } = await read(conversation, answer);
    if (pressed?.act === "yes" || pressed?.act === "no") {
      await answer.answerCallbackQuery();
      return pressed.act === "yes";
    }
    if (pressed) {
      await answer.answerCallbackQuery();
      continue;
    }
    const word = text?.toLowerCase() ?? "";
    if (YES.includes(word) || NO.includes(word)) return YES.includes(word);
    await answer.reply(ctx.t("promo-admin-invalid-yes-no"), { parse_mode: "HTML" });
  }
}
