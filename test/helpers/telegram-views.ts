import type { FakeTelegram, TelegramCall } from "../fakes/telegram-api.js";

/** A button of an inline keyboard as the bot sent it (`callback_data` is absent on URL buttons). */
export interface KeyboardButton {
  text: string;
  callback_data?: string;
}

/** A button with its callback data (`""` for a button without any). */
export interface Button {
  text: string;
  data: string;
}

/** What a message shows: its text and its inline buttons. */
export interface Shown {
  text: string;
  buttons: Button[];
  /** The raw `reply_markup` of the call (undefined when it had none). */
  markup: unknown;
}

/** Anything that drives a {@link FakeTelegram}: a `TestBot` or a `WorkerHarness`. */
export interface WithTelegram {
  telegram: FakeTelegram;
}

/** The buttons of an inline keyboard (`reply_markup`), row after row, as they were sent. */
export function inlineKeyboard(markup: unknown): KeyboardButton[] {
  return ((markup as { inline_keyboard?: KeyboardButton[][] } | undefined)?.inline_keyboard ?? []).flat();
}

/** The inline buttons of a call's `reply_markup`, as they were sent. */
export function keyboardOf(call: TelegramCall | undefined): KeyboardButton[] {
  return inlineKeyboard(call?.params.reply_markup);
}

/** The buttons of an inline keyboard (`reply_markup`) with their callback data. */
export function buttonsOf(markup: unknown): Button[] {
  return inlineKeyboard(markup).map((b) => ({ text: b.text, data: b.callback_data ?? "" }));
}

/**
 * The callback data of the button labelled `label` (the whole label, or a pattern); throws, listing the
 * buttons, when there is no such button or it carries no callback data.
 */
export function findButton(buttons: readonly Button[], label: string | RegExp): string {
  const found = buttons.find((b) => (typeof label === "string" ? b.text === label : label.test(b.text)));
  if (!found?.data) throw new Error(`no button ${label} in ${JSON.stringify(buttons)}`);
  return found.data;
}

/** Whether a call showed a message to someone: a sendMessage or an editMessageText. */
export function isShown(call: TelegramCall): boolean {
  return call.method === "sendMessage" || call.method === "editMessageText";
}

/** The latest message shown (sent or edited) with its buttons; empty when nothing was shown. */
export function lastShownOn(telegram: FakeTelegram): Shown {
  const call = telegram.calls.filter(isShown).at(-1);
  const markup = call?.params.reply_markup;
  return { text: String(call?.params.text ?? ""), buttons: buttonsOf(markup), markup };
}

/** Texts of the messages shown (sent or edited), in order. */
export function shownTexts(telegram: FakeTelegram): string[] {
  return telegram.calls.filter(isShown).map((c) => String(c.params.text));
}

/** The sendMessage calls to one chat, in order. */
export function sendsTo(telegram: FakeTelegram, chatId: number): TelegramCall[] {
  return telegram.callsOf("sendMessage").filter((c) => c.chatId === chatId);
}

/** The texts sent (sendMessage) to one chat, in order. */
export function textsTo(telegram: FakeTelegram, chatId: number): string[] {
  return sendsTo(telegram, chatId).map((c) => String(c.params.text));
}

/**
 * The views above bound to a bot or harness that a test creates later (hence the getter): each reads
 * `source()`'s fake Telegram unless it is given another bot.
 */
export function telegramViews(source: () => WithTelegram) {
  const on = (other?: WithTelegram) => (other ?? source()).telegram;
  return {
    /** The latest message shown (sent or edited), with its buttons. */
    lastShown: (other?: WithTelegram): Shown => lastShownOn(on(other)),
    /** The callback data of a button of the latest message shown; throws when it has none. */
    button: (label: string | RegExp, other?: WithTelegram): string =>
      findButton(lastShownOn(on(other)).buttons, label),
    /** The parameters of the latest answerCallbackQuery (`{}` when there was none). */
    lastAnswer: (other?: WithTelegram): Record<string, unknown> =>
      on(other).last("answerCallbackQuery")?.params ?? {},
    /** The sendMessage calls to one chat, in order. */
    sendsTo: (chatId: number): TelegramCall[] => sendsTo(on(), chatId),
    /** The texts sent (sendMessage) to one chat, in order. */
    textsTo: (chatId: number): string[] => textsTo(on(), chatId),
  };
}
