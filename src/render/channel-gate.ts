import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { RequiredChannel } from "../domain/catalog/index.js";
import { callbackCodec } from "./callback-data.js";
import { html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/**
 * Where the customer was going when the channel gate stopped them, so its Check leads on there:
 * the trial, a plan bought (`buy`) or given (`gift`), a gift link claimed (`claim`), or back into a
 * paused trial (`resume`, from the pause notice), or a family seat's invite opened (`seat`).
 */
export const GATE_GOALS = ["trial", "buy", "gift", "claim", "resume", "seat"] as const;
export type GateGoal = (typeof GATE_GOALS)[number];

/** "Check": the goal and its argument (a plan id, a gift code), re-validated on arrival. */
export const gateCb = callbackCodec("gate", {
  go: z.enum(GATE_GOALS),
  arg: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/)
    .default(""),
});

/** The first line of the gate's screen, by what it stands in front of. */
const HEAD: Record<GateGoal, string> = {
  trial: "gate-needed-trial",
  buy: "gate-needed-purchase",
  gift: "gate-needed-purchase",
  claim: "gate-needed-claim",
  seat: "gate-needed-claim",
  resume: "gate-trial-paused",
};

/** Longest channel title on a button (Telegram cuts long buttons anyway). */
const BUTTON_TITLE = 40;

const shortTitle = (title: string) =>
  title.length > BUTTON_TITLE ? `${title.slice(0, BUTTON_TITLE - 1)}…` : title;

/** The channels to join, one a line (HTML). */
export function channelLines(channels: readonly RequiredChannel[]): string {
  return channels.map((c) => `• ${html(c.title)}${c.username ? ` (@${c.username})` : ""}`).join("\n");
}

/** A join button per channel that has a link, then Check (leading on to `goal`). */
export function gateButtons(
  t: Translate,
  channels: readonly RequiredChannel[],
  goal: GateGoal,
  arg = "",
): InlineKeyboardButton[][] {
  const joins = channels.flatMap((c) =>
    c.joinUrl ? [[{ text: t("gate-join", { title: shortTitle(c.title) }), url: c.joinUrl }]] : [],
  );
  return [...joins, [{ text: t("gate-check"), callback_data: gateCb.pack({ go: goal, arg }) }]];
}

/** The gate's screen: why, the channels to join, and their buttons (HTML text). */
export function gateScreen(
  t: Translate,
  channels: readonly RequiredChannel[],
  goal: GateGoal,
  arg = "",
): { text: string; keyboard: InlineKeyboardMarkup } {
  const text = [t(HEAD[goal]), "", channelLines(channels), "", t("gate-then-check")].join("\n");
  return { text, keyboard: { inline_keyboard: gateButtons(t, channels, goal, arg) } };
}

/** The admins' alert: the bot cannot read the members of `channel`, so nobody is held back by it. */
export function cannotReadAlert(t: Translate, channel: RequiredChannel, reason: string): string {
  return t("gate-admin-cannot-read", {
    title: html(channel.title),
    id: String(channel.id),
    reason: html(reason),
  });
}
