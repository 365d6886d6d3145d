import { Api } from "grammy";
import type { Config, Locale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import type { RequiredChannel } from "../domain/catalog/index.js";
import type { GateNotices, SalesServices } from "../domain/sales/index.js";
import { cannotReadAlert, gateScreen } from "../render/channel-gate.js";
import type { I18nLike, Translate } from "../render/i18n-like.js";
import { deliveryKeyboard } from "../render/shop-callbacks.js";
import { MINUTE } from "../runtime/clock.js";
import { botIdOf, type TelegramChats, telegramChats } from "../runtime/telegram-chats.js";
import { telegramFetch } from "../runtime/telegram-transport.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";
import type { StaffNoticeSender } from "./staff-notices.js";

export interface OutboxGateNoticesDeps {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  /** A person's language in the shop, if it knows them. */
  localeOf: (id: number) => Promise<Locale | undefined>;
  /** Who hears that a channel cannot be read when no `staffNotices` is given. */
  adminIds: readonly number[];
  /** Where the staff hear of it (the staff group's alerts topic and the staff by role). */
  staffNotices?: (() => StaffNoticeSender) | undefined;
  defaultLocale: Locale;
}

/**
 * The channel gate's messages, through the outbox (rate-limited, retried, once per key): the
 * admins' alert that the bot cannot read a channel's members, and a trial owner's pause (with the
 * channels' join buttons and Check) and resume.
 */
export class OutboxGateNotices implements GateNotices {
  constructor(private readonly deps: OutboxGateNoticesDeps) {}

  async cannotRead(channel: RequiredChannel, reason: string): Promise<void> {
    if (this.deps.staffNotices) {
      // Each look that finds it is told (the gate throttles its looks), as before.
      const once = `gate-blind:${channel.id}:${Date.now()}`;
      const text = (t: Translate) => cannotReadAlert(t, channel, reason);
      return this.deps.staffNotices().send("alerts", { once, text });
    }
    for (const adminId of this.deps.adminIds) {
      const t = await this.translate(adminId);
      await this.deps.outbox.send({ chatId: adminId, text: cannotReadAlert(t, channel, reason) });
    }
  }

  async trialPaused(n: { customerId: number; channels: RequiredChannel[]; once: string }): Promise<void> {
    const { text, keyboard } = gateScreen(await this.translate(n.customerId), n.channels, "resume");
    await this.deps.outbox.send({ chatId: n.customerId, text, keyboard, once: n.once });
  }

  async trialResumed(n: { customerId: number; once: string }): Promise<void> {
    const t = await this.translate(n.customerId);
    const text = t("gate-trial-resumed");
    await this.deps.outbox.send({ chatId: n.customerId, text, keyboard: deliveryKeyboard(t), once: n.once });
  }

  private async translate(id: number): Promise<Translate> {
    const locale = (await this.deps.localeOf(id).catch(() => undefined)) ?? this.deps.defaultLocale;
    return (key, vars) => this.deps.i18n.t(locale, key, vars);
  }
}

/** The watched trials whose check is due, every minute (each trial on its own schedule: TrialWatch). */
export function createTrialGateTask(
  sales: Pick<SalesServices, "trialWatch">,
  everyMs: number = MINUTE,
): PeriodicTask {
  return { name: "trial-gate", everyMs, run: () => sales.trialWatch.runDue() };
}

/**
 * What the composition root hands the shop for the channel gate: Telegram's answers about channels
 * (on an Api of their own with a short timeout: a Buy press waits for them, and a check that does
 * not answer lets the customer through) and its messages through the outbox. `customers` is asked
 * only when a message goes out (the rooms are made in the same call).
 */
export function channelGateWiring(
  config: Pick<Config, "botToken" | "botApiRoot" | "adminIds" | "defaultLocale">,
  deps: {
    outbox: Pick<Outbox, "send">;
    i18n: I18nLike;
    customers: () => Pick<Customers, "get">;
    staffNotices?: () => StaffNoticeSender;
  },
): { chats: TelegramChats; gateNotices: GateNotices } {
  const api = new Api(config.botToken, {
    apiRoot: config.botApiRoot,
    fetch: telegramFetch,
    timeoutSeconds: 10,
  });
  const gateNotices = new OutboxGateNotices({
    ...{
      outbox: deps.outbox,
      i18n: deps.i18n,
      adminIds: config.adminIds,
      defaultLocale: config.defaultLocale,
    },
    localeOf: async (id) => (await deps.customers().get(id))?.locale,
    staffNotices: deps.staffNotices,
  });
  return { chats: telegramChats(api, botIdOf(config.botToken)), gateNotices };
}
