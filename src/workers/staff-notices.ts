import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Locale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import {
  type NoticeTarget,
  noticeRecipients,
  type StaffServices,
  type StaffTopic,
} from "../domain/staff/index.js";
import type { I18nLike, Translate } from "../render/i18n-like.js";
import type { Outbox, OutboxMessage } from "./outbox.js";

/**
 * One notice to the staff: its text (and buttons) in a reader's language, and a once-key each
 * of its targets extends with its chat id, so a notice queued twice (a repeated round, a retried
 * job) goes out once per chat.
 */
export interface StaffNotice {
  once: string;
  /** HTML, unless `plain`. */
  text: (t: Translate, locale: Locale) => string;
  /** The text is sent as it is (no HTML parsing). */
  plain?: boolean;
  /** Buttons; in the staff group only link buttons are kept (admin buttons work in a private chat). */
  keyboard?: (t: Translate, locale: Locale) => InlineKeyboardMarkup | undefined;
  /** To the staff group's topic only, never to private chats (a line per new payment). */
  groupOnly?: boolean;
}

/** Where the workers' staff notices go (alerts, failed orders, payments, reconciliation, the report). */
export interface StaffNoticeSender {
  send(topic: StaffTopic, notice: StaffNotice): Promise<void>;
}

export interface StaffNoticesDeps {
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  defaultLocale: Locale;
  customers: Pick<Customers, "get">;
  /** Who gets a kind privately. */
  recipients: (topic: StaffTopic) => Promise<readonly number[]>;
  /** The staff group (none: private chats only). */
  group?: Pick<StaffServices["group"], "targets">;
}

/**
 * The one way a worker tells the staff something: to the staff group's topic of that kind and/or
 * each recipient's private chat (as the group's routing says), every message through the outbox
 * (flood-safe, retried, once per target). The group reads the shop's default language; a person
 * reads their own.
 */
export class StaffNotices implements StaffNoticeSender {
  constructor(private readonly deps: StaffNoticesDeps) {}

  async send(topic: StaffTopic, notice: StaffNotice): Promise<void> {
    const privateIds = notice.groupOnly ? [] : await this.deps.recipients(topic);
    const targets: NoticeTarget[] = this.deps.group
      ? await this.deps.group.targets(topic, privateIds)
      : privateIds.map((chatId) => ({ chatId }));
    const messages = await Promise.all(targets.map((target) => this.message(target, notice)));
    if (messages.length > 0) await this.deps.outbox.sendMany(messages);
  }

  private async message(target: NoticeTarget, notice: StaffNotice): Promise<OutboxMessage> {
    const inGroup = target.threadId !== undefined;
    const locale = inGroup ? this.deps.defaultLocale : await this.localeOf(target.chatId);
    const t: Translate = (key, vars) => this.deps.i18n.t(locale, key, vars);
    const keyboard = notice.keyboard?.(t, locale);
    const shown = inGroup ? linksOnly(keyboard) : keyboard;
    return {
      chatId: target.chatId,
      text: notice.text(t, locale).slice(0, 4096),
      once: `${notice.once}:${target.chatId}`,
      ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
      ...(shown ? { keyboard: shown } : {}),
      ...(notice.plain ? { entities: [] } : {}),
    };
  }

  private async localeOf(id: number): Promise<Locale> {
    return (await this.deps.customers.get(id))?.locale ?? this.deps.defaultLocale;
  }
}

/** A keyboard's link buttons (none left: no keyboard). */
function linksOnly(keyboard: InlineKeyboardMarkup | undefined): InlineKeyboardMarkup | undefined {
  const rows = (keyboard?.inline_keyboard ?? [])
    .map((row) => row.filter((b) => "url" in b))
    .filter((row) => row.length > 0);
  return rows.length > 0 ? { inline_keyboard: rows } : undefined;
}

type NoticeBasics = Omit<StaffNoticesDeps, "recipients" | "group">;

/** The running shop's staff notices: the staff group, and the staff whose role may see each kind. */
export function staffNoticesOf(
  staff: Pick<StaffServices, "roster" | "group">,
  deps: NoticeBasics,
): StaffNotices {
  return new StaffNotices({
    ...deps,
    recipients: (topic) => noticeRecipients(staff.roster, topic),
    group: staff.group,
  });
}

/**
 * Notices to fixed ids, privately, with no staff group: for a sender built with a list of ids
 * rather than the staff room (tools, and tests of one sender).
 */
export function fixedStaffNotices(ids: readonly number[], deps: NoticeBasics): StaffNotices {
  return new StaffNotices({ ...deps, recipients: async () => ids });
}

/**
 * An outbox that sends at once through `api` instead of queuing (the order worker's notices when
 * it is given no outbox): the same messages, no rate limit, no once-records. A chat that blocked
 * the bot is handed to `blocked` and skipped.
 */
export function directOutbox(
  api: Pick<Api, "sendMessage">,
  blocked: (chatId: number) => Promise<void> = async () => undefined,
): Pick<Outbox, "sendMany"> {
  return {
    sendMany: async (messages) => {
      for (const m of messages) {
        const format = m.entities ? (m.entities.length > 0 ? { entities: m.entities } : {}) : HTML;
        await api
          .sendMessage(m.chatId, m.text ?? "", {
            ...format,
            ...(m.keyboard ? { reply_markup: m.keyboard } : {}),
            ...(m.threadId ? { message_thread_id: m.threadId } : {}),
          })
          .catch(async (err: unknown) => {
            if (!(err instanceof GrammyError && err.error_code === 403)) throw err;
            await blocked(m.chatId);
          });
      }
    },
  };
}

const HTML = { parse_mode: "HTML" as const };
