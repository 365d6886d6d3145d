import type { Subscription } from "../domain/books/index.js";
import { SEAT_START_PREFIX } from "../domain/sales/index.js";
import { memberSubscriptionId } from "../domain/settlement/index.js";
import { formatBytes, html } from "../render/format.js";
import { ownSubscription } from "./cabinet.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import type { SeatsCard } from "./schemas-seats.js";

/**
 * Family seats in the cabinet: the owner's card shows each seat (free with its invite link to
 * copy or share, or taken: who, traffic used), frees a seat and adds one (an order, paid as the
 * chat's). The same domain calls as the chat's seats screen (sales Seats, settlement SeatFulfilment).
 */

/** The seats of `sub` for its owner's card (null: not a family, or not the owner). */
export async function seatsCardOf(
  deps: WebappDeps,
  caller: Caller,
  sub: Subscription,
): Promise<SeatsCard | null> {
  const { seats } = deps.sales;
  const family = await seats.family(sub.id);
  if (!family || family.owner !== caller.id) return null;
  const items: SeatsCard["items"] = [];
  for (const seat of family.seats) {
    if (seat.memberId === undefined || !seat.orderId) {
      const link = `https://t.me/${deps.botUsername}?start=${SEAT_START_PREFIX}${seat.code}`;
      items.push({ n: seat.n, taken: false, link, text: caller.t("webapp-seat-free") });
      continue;
    }
    const member = await deps.books.subscriptions.get(memberSubscriptionId(seat.orderId));
    const state = member ? await deps.provisioning.usage.of(member).catch(() => undefined) : undefined;
    const name = (await deps.books.customers.get(seat.memberId))?.firstName ?? String(seat.memberId);
    const used = state ? formatBytes(caller.locale, state.usedBytes) : caller.t("webapp-traffic-unknown");
    items.push({ n: seat.n, taken: true, link: null, text: caller.t("webapp-seat-taken", { name, used }) });
  }
  const quote = await seats.addQuote(caller.id, sub.id, 1);
  const add = quote.ok ? quote.quote : undefined;
  return {
    count: family.count,
    max: add?.max ?? family.count,
    title_text: caller.t("webapp-seats-title", { count: family.count }),
    items,
    add_price: add ? add.price : null,
    add_text: add
      ? caller.t("webapp-seats-add", { price: caller.money(add.price), days: add.daysLeft })
      : null,
  };
}

/** The card's line of a member's seat (null: not a seat). */
export async function memberTextOf(
  deps: WebappDeps,
  caller: Caller,
  sub: Subscription,
): Promise<string | null> {
  if (!sub.familyOf) return null;
  const family = await deps.sales.seats.family(sub.familyOf);
  const owner = family ? await deps.books.customers.get(family.owner) : undefined;
  return caller.t("seats-member-line", { owner: owner?.firstName ?? "" });
}

/**
 * POST /app/api/subscriptions/:id/seats/free `{ n }`: the owner frees seat `n` (the member's
 * client removed and read back, a new invite code; the member is told by the chat's notice).
 * 409 `seat-busy` while its client is being made, 404 for a seat that is not there.
 */
export async function freeSeat(deps: WebappDeps, caller: Caller, id: string, n: number) {
  const sub = await ownSubscription(deps, caller, id);
  const seatsOnHosting = deps.settlement.fulfilment?.seats;
  if (!seatsOnHosting) throw new Refusal(404, "unknown-seat");
  const out = await seatsOnHosting.revoke(caller.id, sub.id, n).catch(() => {
    throw new Refusal(503, "hosting-unavailable");
  });
  if (out.status === "unknown") throw new Refusal(404, "unknown-seat");
  if (out.status === "busy") throw new Refusal(409, "seat-busy");
  if (out.status === "ok" && out.memberId !== undefined) await tellMember(deps, caller, out.memberId);
  const seats = await seatsCardOf(deps, caller, sub);
  if (!seats) throw new Refusal(404, "unknown-seat");
  return { ok: true as const, seats, text: caller.t("seats-freed", { n }) };
}

/** The freed seat's member is told in their language, as the chat tells them (best effort). */
async function tellMember(deps: WebappDeps, caller: Caller, memberId: number): Promise<void> {
  const locale = (await deps.books.customers.get(memberId))?.locale ?? deps.defaultLocale;
  const text = deps.i18n.t(locale, "seats-freed-member", { owner: html(caller.user.firstName) });
  await deps.api.sendMessage?.(memberId, text, { parse_mode: "HTML" }).catch((err: unknown) => {
    deps.logger.warn({ err, memberId }, "could not tell a freed seat's member");
  });
}
