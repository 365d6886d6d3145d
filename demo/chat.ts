import { randomBytes } from "node:crypto";
import type { Message, User } from "grammy/types";
import type { FakeFile, FakeTelegram } from "../test/fakes/telegram-api.js";
import { type Button, formatButtons, inlineRows, messageText, replyKeyboard, type Style } from "./render.js";
import type { BotCall } from "./tap.js";

interface Invoice {
  title: string;
  payload: string;
  currency: string;
  amount: number;
}

interface Keyboard {
  message: Message;
  rows: Button[][];
}

export interface ChatOptions {
  telegram: FakeTelegram;
  /** The people the terminal can be (`#as N` switches), the first at the start. */
  people: readonly User[];
  /** The cabinet's local address, signed in as `who` (a Mini App button opens it). */
  cabinet?(who: User): string;
  style: Style;
  print(text: string): void;
  /** Keeps a file the bot uploaded (a QR code, a config) and returns where it is, or undefined. */
  saveFile?(name: string, data: Buffer): string | undefined;
  /** The payment rails' local fakes: whose payment page a link opens, and paying it there. */
  rails?: DemoRails;
}

/** The demo's payment rails (CryptoBot, YooKassa fakes): `#pay` pays the last payment page shown. */
export interface DemoRails {
  /** Whether `url` is the page of a payment on one of the fakes. */
  owns(url: string): boolean;
  /** Pays that payment on its fake, which notifies the bot; what happened, for the terminal. */
  pay(url: string): Promise<string>;
}

/** What a typed line did: pushed updates (the last one's id), asked to quit, or nothing to wait for. */
export type InputResult = { pushed: number } | "quit" | undefined;

export const CHAT_HELP = [
  "Type a command (/start, /help, /buy, /my, /admin, ...) or any text, as in Telegram.",
  "  #1, #2, ...  press that button of the last message that has buttons",
  "  #3.2         press button 2 of message 3 (an earlier message; numbers are shown under its buttons)",
  "  #pay         pay the last invoice (a simulated Telegram payment: Stars, or a card with a provider),",
  "               or the last CryptoBot or YooKassa payment page on its local sandbox",
  "  #as 2        chat as person 2 (#as lists them): try a gift link or an invite link as someone else",
  "  /quit        stop everything (Ctrl-D too)",
];

/**
 * The terminal side of a private chat with the bot: renders what the bot sends to the user's chat and
 * turns typed lines into updates (messages, commands, button presses, payments).
 */
export class Chat {
  /** Messages with inline buttons, the most recently sent or edited last. */
  private readonly keyboards = new Map<number, Keyboard>();
  /** The chat's own numbers of the bot's messages (1, 2, ...) and the Telegram message ids. */
  private readonly numbers = new Map<number, number>();
  private readonly messageIds = new Map<number, number>();
  private readonly invoices = new Map<number, Invoice>();
  private lastInvoice: Invoice | undefined;
  /** The last payment page a rail's button opened, while it came after the last invoice. */
  private lastRailPage: string | undefined;

  /** Who is at the terminal now. */
  private me: User;

  constructor(private readonly o: ChatOptions) {
    const first = o.people[0];
    if (!first) throw new Error("the demo chat needs a person");
    this.me = first;
  }

  /** Renders one Bot API call (with its answer) if it concerns the user's chat. */
  onCall(call: BotCall): void {
    const { method, params } = call;
    const s = this.o.style;
    if (method === "answerCallbackQuery") {
      const text = str(params.text);
      if (text) this.say(params.show_alert === true ? "alert" : "toast", text);
      return;
    }
    if (method === "answerPreCheckoutQuery") {
      if (params.ok !== true) this.say("note", `payment refused by the bot: ${str(params.error_message)}`);
      return;
    }
    if (String(params.chat_id) !== String(this.me.id)) return;
    if (!call.ok) {
      if (/^(send|edit|copy|forward|delete)/.test(method)) {
        this.o.print(s.warn(`  (the Bot API refused ${method}: ${call.description ?? "no reason given"})`));
      }
      return;
    }
    const message = isMessage(call.result) ? call.result : undefined;
    if (message && /^(send|copy|forward)/.test(method) && !this.numbers.has(message.message_id)) {
      this.numbers.set(message.message_id, this.numbers.size + 1);
      this.messageIds.set(this.numbers.size, message.message_id);
    }
    if (method === "sendInvoice") {
      this.showInvoice(params, message);
    } else if (method === "deleteMessage") {
      this.keyboards.delete(Number(params.message_id));
    } else {
      const shown = this.describe(method, params);
      if (shown) this.show(shown[0], shown[1], message, params);
    }
  }

  /** How a call looks in the chat: a new or edited message and its body, or nothing to show. */
  private describe(method: string, params: Record<string, unknown>): ["new" | "edit", string] | undefined {
    const s = this.o.style;
    const text = () => messageText(str(params.text), params.parse_mode, s);
    const caption = () =>
      params.caption ? ` ${messageText(str(params.caption), params.parse_mode, s)}` : "";
    switch (method) {
      case "sendMessage":
        return ["new", text()];
      case "editMessageText":
        return ["edit", text()];
      case "editMessageCaption":
        return ["edit", `${s.dim("[caption]")}${caption()}`];
      case "editMessageReplyMarkup":
        return [
          "edit",
          s.dim(inlineRows(params.reply_markup).length === 0 ? "(buttons removed)" : "(buttons changed)"),
        ];
      case "sendPhoto":
        return ["new", `${s.dim(`[photo: ${fileInfo(params.photo)}]`)}${caption()}`];
      case "sendDocument":
        return ["new", `${s.dim(`[document: ${fileInfo(params.document, true)}]`)}${caption()}`];
      case "sendChatAction":
        return undefined;
      default:
        return /^(send|copy|forward)/.test(method) ? ["new", s.dim(`[${method}]`)] : undefined;
    }
  }

  /** Handles one typed line. */
  async input(line: string): Promise<InputResult> {
    const text = line.trim();
    if (text === "") return undefined;
    if (text === "/quit" || text === "/exit") return "quit";
    if (text === "#pay")
      return this.lastRailPage ? this.payOnRail(this.lastRailPage) : this.pay(this.lastInvoice);
    if (/^#as(\s+\d+)?$/.test(text)) return this.switchTo(Number(text.slice(3).trim() || 0));
    if (/^#\d+$/.test(text)) return this.press(Number(text.slice(1)));
    const older = /^#(\d+)\.(\d+)$/.exec(text);
    if (older) return this.pressOn(Number(older[1]), Number(older[2]));
    if (text.startsWith("#")) {
      for (const l of CHAT_HELP) this.o.print(this.o.style.dim(l));
      return undefined;
    }
    const { telegram } = this.o;
    const me = this.me;
    const update = text.startsWith("/") ? telegram.command(me, text) : telegram.textMessage(me, text);
    return { pushed: telegram.pushUpdate(update).update_id };
  }

  private async press(n: number): Promise<InputResult> {
    const target = [...this.keyboards.values()].at(-1);
    if (!target) {
      this.say("note", "no message with buttons yet");
      return undefined;
    }
    return this.pressButton(target, n);
  }

  /** `#m.n`: button n of the bot's message number m, however many messages came since. */
  private async pressOn(m: number, n: number): Promise<InputResult> {
    const id = this.messageIds.get(m);
    const target = id === undefined ? undefined : this.keyboards.get(id);
    if (!target) {
      this.say("note", id === undefined ? `there is no message ${m}` : `message ${m} has no buttons now`);
      return undefined;
    }
    return this.pressButton(target, n);
  }

  private async pressButton(target: Keyboard, n: number): Promise<InputResult> {
    const button = target.rows.flat()[n - 1];
    if (!button) {
      this.say("note", `that message has buttons 1 to ${target.rows.flat().length}`);
      return undefined;
    }
    if (button.callback_data !== undefined) {
      const { telegram } = this.o;
      const me = this.me;
      return {
        pushed: telegram.pushUpdate(telegram.callback(me, button.callback_data, target.message)).update_id,
      };
    }
    if (button.pay) return this.pay(this.invoices.get(target.message.message_id) ?? this.lastInvoice);
    if (button.web_app && this.o.cabinet)
      this.say("note", `the cabinet (Mini App); open it in a browser: ${this.o.cabinet(this.me)}`);
    else if (button.url) this.say("note", `this button opens ${button.url}`);
    else this.say("note", `"${button.text}" is a kind of button the demo does not simulate`);
    return undefined;
  }

  /** `#as N`: chat as person N from now on (their own chat: numbers and buttons start afresh). */
  private switchTo(n: number): InputResult {
    const who = this.o.people[n - 1];
    const list = this.o.people.map((p, i) => `${i + 1}: ${p.first_name} (id ${p.id})`).join(", ");
    if (!who) {
      this.say("note", `people: ${list}; you are ${this.me.first_name}`);
      return undefined;
    }
    this.me = who;
    this.keyboards.clear();
    this.numbers.clear();
    this.messageIds.clear();
    this.lastInvoice = undefined;
    this.lastRailPage = undefined;
    this.say("note", `you are ${who.first_name} (id ${who.id}) now; /start opens their chat`);
    return undefined;
  }

  /** Simulates paying an invoice: pre-checkout query, the bot's answer, then the successful payment. */
  private async pay(invoice: Invoice | undefined): Promise<InputResult> {
    if (!invoice) {
      this.say("note", "no invoice to pay yet");
      return undefined;
    }
    const { telegram } = this.o;
    const me = this.me;
    const mark = telegram.calls.length;
    const query = telegram.pushUpdate(
      telegram.preCheckout(me, invoice.payload, invoice.amount, invoice.currency),
    );
    const queryId = query.pre_checkout_query?.id;
    const answer = await telegram
      .waitFor(
        (c) => c.method === "answerPreCheckoutQuery" && c.params.pre_checkout_query_id === queryId,
        10_000,
        mark,
      )
      .catch(() => undefined);
    if (!answer) {
      this.say("note", "the bot did not answer the pre-checkout query within 10 s; nothing was paid");
      return { pushed: query.update_id };
    }
    if (answer.params.ok !== true) return { pushed: query.update_id };
    this.say("note", `you paid ${amountText(invoice.amount, invoice.currency)} for "${invoice.title}"`);
    const charge = `demo-charge-${randomBytes(6).toString("hex")}`;
    const paid = telegram.successfulPayment(me, invoice.payload, invoice.amount, invoice.currency, charge);
    return { pushed: telegram.pushUpdate(paid).update_id };
  }

  /** `#pay` after a rail's payment page: paid on its fake, which notifies the bot as the provider would. */
  private async payOnRail(url: string): Promise<InputResult> {
    const rails = this.o.rails;
    if (!rails) return undefined;
    this.lastRailPage = undefined;
    const { telegram } = this.o;
    const mark = telegram.calls.length;
    this.say("note", await rails.pay(url).catch((err: unknown) => `could not pay: ${String(err)}`));
    // The bot tells the payer through its outbox: wait for that before the next line.
    await telegram
      .waitFor((c) => c.method === "sendMessage" && c.chatId === this.me.id, 10_000, mark)
      .catch(() => undefined);
    return undefined;
  }

  private showInvoice(params: Record<string, unknown>, message: Message | undefined): void {
    const s = this.o.style;
    const invoice: Invoice = {
      title: str(params.title),
      payload: str(params.payload),
      currency: str(params.currency),
      amount: Array.isArray(params.prices)
        ? params.prices.reduce((sum: number, p: { amount?: unknown }) => sum + (Number(p?.amount) || 0), 0)
        : 0,
    };
    this.lastInvoice = invoice;
    this.lastRailPage = undefined;
    if (message) this.invoices.set(message.message_id, invoice);
    const lines = [
      `🧾 ${s.bold(`Invoice: ${invoice.title}`)}`,
      ...(params.description ? [str(params.description)] : []),
      `Total: ${amountText(invoice.amount, invoice.currency)}`,
      s.dim("(#pay pays it)"),
    ];
    this.show("new", lines.join("\n"), message, params);
  }

  /** Prints a bot message (new or edited) with its buttons, and remembers the buttons for #N. */
  private show(
    kind: "new" | "edit",
    body: string,
    message: Message | undefined,
    params: Record<string, unknown>,
  ): void {
    const s = this.o.style;
    const lines = body.split("\n");
    const rows = inlineRows(params.reply_markup);
    const id = message?.message_id ?? Number(params.message_id);
    const railPage = rows.flat().find((b) => b.url && this.o.rails?.owns(b.url))?.url;
    if (railPage) {
      this.lastRailPage = railPage;
      lines.push(s.dim("(#pay pays it on the local payment service)"));
    }
    if (rows.length > 0 && message) {
      this.keyboards.delete(id);
      this.keyboards.set(id, { message, rows });
      lines.push(...formatButtons(rows, s));
      const number = this.numbers.get(id);
      if (number !== undefined)
        lines.push(s.dim(`(message ${number}: #${number}.N presses its buttons later)`));
    } else {
      this.keyboards.delete(id);
    }
    const keyboard = replyKeyboard(params.reply_markup);
    if (keyboard.length > 0) {
      lines.push(s.dim(`keyboard (type a text): ${keyboard.map((row) => row.join(" | ")).join(" / ")}`));
    }
    const saved = this.keep(params, this.numbers.get(id) ?? 0);
    if (saved) lines.push(s.dim(saved));
    const prefix = kind === "new" ? s.bot("bot › ") : s.bot("bot ✎ ");
    this.o.print(lines.map((l, i) => (i === 0 ? prefix : l === "" ? "" : "      ") + l).join("\n"));
  }

  /** Saves an uploaded photo or document (a terminal cannot show it) and says where it is. */
  private keep(params: Record<string, unknown>, number: number): string | undefined {
    const file = [params.photo, params.document].find(isFile);
    if (!file || !this.o.saveFile) return undefined;
    const name = `${number}-${file.filename.replace(/[^A-Za-z0-9._-]/g, "_") || "file"}`;
    const path = this.o.saveFile(name, file.data);
    if (!path) return undefined;
    const what = /qr/i.test(file.filename) ? "QR code" : params.photo === file ? "photo" : "document";
    return `(${what} saved as ${path})`;
  }

  private say(kind: "alert" | "toast" | "note", text: string): void {
    const s = this.o.style;
    if (kind === "note") this.o.print(s.dim(`  (${text})`));
    else this.o.print(`${s.bot(kind === "alert" ? "bot ⚠ " : "bot ⓘ ")}${text}`);
  }
}

function str(v: unknown): string {
  return v === undefined || v === null ? "" : String(v);
}

function isMessage(v: unknown): v is Message {
  return typeof v === "object" && v !== null && typeof (v as Message).message_id === "number";
}

function isFile(v: unknown): v is FakeFile {
  return typeof v === "object" && v !== null && Buffer.isBuffer((v as FakeFile).data);
}

/** `N bytes` for an upload (with its name for documents), or the file id / URL sent instead. */
function fileInfo(v: unknown, withName = false): string {
  if (isFile(v)) return withName ? `${v.filename}, ${v.size} bytes` : `${v.size} bytes`;
  return str(v);
}

function amountText(amount: number, currency: string): string {
  if (currency === "XTR") return `${amount} ⭐ (XTR)`;
  return `${(amount / 100).toFixed(2)} ${currency}`;
}
