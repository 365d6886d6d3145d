import { Api } from "grammy";
import type { createI18n } from "./bot/i18n.js";
import type { Config } from "./config.js";
import type { Catalog } from "./domain/catalog/index.js";
import type { BulkMoveWiring, MoveRuns } from "./domain/fleet/index.js";
import type { ShopRooms } from "./domain/index.js";
import type { Rail } from "./rails/index.js";
import { retryOnFlood } from "./runtime/telegram-retry.js";
import { telegramFetch } from "./runtime/telegram-transport.js";
import { channelGateWiring } from "./workers/channel-gate.js";
import { OutboxAccessNotices } from "./workers/drift-notices.js";
import { OutboxFamilyNotices } from "./workers/family-notices.js";
import { OutboxMoveNotices } from "./workers/move-notices.js";
import type { Outbox } from "./workers/outbox.js";
import { OutboxRailNotices } from "./workers/rail-notices.js";
import { type StaffNotices, staffNoticesOf } from "./workers/staff-notices.js";
import { StaffPaymentLines } from "./workers/staff-payments.js";
import { OutboxTicketDesk, ticketDeskRooms } from "./workers/ticket-desk.js";

/* The domain's ports to people, wired for the app: each speaks through the outbox. */

/**
 * The domain's messages to people that go out through the outbox (access changes, the channel
 * gate, rail payments, the staff's payments line). `rooms` is asked only when a message goes out
 * (the rooms are made in the same call).
 */
export function outboxNotices(
  config: Config,
  rails: readonly Rail[],
  deps: Parameters<typeof channelGateWiring>[1] & { outbox: Outbox },
  rooms: () => Pick<ShopRooms, "staff" | "books">,
) {
  const { outbox, i18n } = deps;
  const { defaultLocale } = config;
  let staff: StaffNotices | undefined;
  const staffNotices = () =>
    (staff ??= staffNoticesOf(rooms().staff, {
      outbox,
      i18n,
      defaultLocale,
      customers: rooms().books.customers,
    }));
  return {
    accessNotices: new OutboxAccessNotices({ outbox, i18n, defaultLocale }),
    familyNotices: new OutboxFamilyNotices({ outbox, i18n, defaultLocale }),
    railNotices: new OutboxRailNotices({ ...deps, defaultLocale, adminIds: config.adminIds, staffNotices }),
    paymentNotices: new StaffPaymentLines({
      staff: staffNotices,
      customers: deps.customers,
      railName: (id) => rails.find((r) => r.id === id)?.name,
    }),
    ...channelGateWiring(config, { ...deps, staffNotices }),
  };
}

/** Where tickets meet Telegram: the staff group's topics (made at once) and the chats (through the outbox). */
export function ticketDeskOf(
  config: Config,
  deps: { outbox: Outbox; i18n: ReturnType<typeof createI18n>; rooms: () => ShopRooms },
): OutboxTicketDesk {
  const api = retryOnFlood(new Api(config.botToken, { apiRoot: config.botApiRoot, fetch: telegramFetch }));
  return new OutboxTicketDesk({
    ...{ api, outbox: deps.outbox, i18n: deps.i18n, defaultLocale: config.defaultLocale },
    rooms: () => ticketDeskRooms(deps.rooms()),
  });
}

/** Bulk moves' wiring: the job queue, and the moved customers' messages through the outbox. */
export function movesWiring(
  config: Config,
  runs: MoveRuns,
  deps: { outbox: Outbox; i18n: ReturnType<typeof createI18n>; catalog: () => Catalog },
  rooms: () => Pick<ShopRooms, "books">,
): BulkMoveWiring {
  const notices = new OutboxMoveNotices({
    ...{ ...deps, defaultLocale: config.defaultLocale },
    customers: () => rooms().books.customers,
  });
  return { runs, notices };
}
