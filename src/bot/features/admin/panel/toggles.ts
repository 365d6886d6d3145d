import { InlineKeyboard } from "grammy";
import type { ConvContext } from "#src/bot/context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation } from "#src/bot/conversation-kit.js";
import { panelCb } from "./callbacks.js";

/**
 * The create dialog's toggle buttons (locations, then each location's inbounds): tap to toggle,
 * Continue to go on, Cancel (or /cancel) to end the dialog; another button or a command leaves
 * it and works as outside it.
 */

export interface ToggleOptions {
  /** The question (HTML). */
  prompt: string;
  /** One button per choice (plain text). */
  labels: string[];
  /** Chosen from the start. */
  initial?: number[];
  act: "pick" | "ib";
  go: "pick-go" | "ib-go";
  /** Without choices there is no Continue (only typing, or Cancel). */
  goWithoutChoices: boolean;
  /** The alert when Continue is tapped with nothing chosen. */
  none: string;
  /** A message in reply: taken as the answer (the ids), or explained (`reply`). */
  typed: (text: string | undefined) => string[] | { reply: string; html?: boolean };
}

export type Toggled = { kind: "chosen"; indexes: number[] } | { kind: "typed"; value: string[] };

export async function pickByToggles(
  conversation: BotConversation,
  ctx: ConvContext,
  o: ToggleOptions,
): Promise<Toggled> {
  const chosen = new Set<number>(o.initial ?? []);
  const keyboard = () => {
    const kb = new InlineKeyboard();
    o.labels.forEach((label, index) => {
      kb.text(`${chosen.has(index) ? "✅" : "⬜"} ${label}`, panelCb.pack({ act: o.act, index })).row();
    });
    if (o.labels.length || o.goWithoutChoices) kb.text(ctx.t("panel-pick-go"), panelCb.pack({ act: o.go }));
    return kb.text(ctx.t("conv-cancel"), panelCb.pack({ act: "pick-x" }));
  };
  await ctx.reply(o.prompt, { parse_mode: "HTML", reply_markup: keyboard() });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const data = answer.callbackQuery?.data;
    const text = answer.message?.text;
    const pressed = data === undefined ? undefined : panelCb.unpack(data);
    if (pressed?.act === "pick-x" || text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("cancelled"));
      return conversation.halt();
    }
    if (pressed?.act === o.act && "index" in pressed) {
      const i = pressed.index;
      if (i >= 0 && i < o.labels.length) {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
      }
      await answer.answerCallbackQuery();
      await answer
        .editMessageText(o.prompt, { parse_mode: "HTML", reply_markup: keyboard() })
        .catch(() => undefined);
      continue;
    }
    if (pressed?.act === o.go) {
      if (chosen.size === 0) {
        await answer.answerCallbackQuery({ text: o.none, show_alert: true });
        continue;
      }
      await answer.answerCallbackQuery();
      return { kind: "chosen", indexes: o.labels.flatMap((_l, i) => (chosen.has(i) ? [i] : [])) };
    }
    if (answer.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
    const typed = o.typed(text?.trim());
    if (Array.isArray(typed)) return { kind: "typed", value: typed };
    await answer.reply(typed.reply, typed.html ? { parse_mode: "HTML" } : {});
  }
}
