import { type Action, type Ctx, type PayHow, type Planned, payOrder, telegramPayment } from "./ctx.js";
import type { ModelGift } from "./model.js";
import { BACKENDS, type Backend, PACKS, PLANS, PROMOS, WORLD_OWNER } from "./world.js";

/*
 * What customers and admins do with money: purchases, renewals and traffic packs (paid from the
 * wallet or by a Telegram invoice, some with a promo code), top-ups, a wallet-credit code, gifts (bought,
 * claimed, cancelled, a claim and a cancel at once), invitations, an admin's charge again.
 */

const promoFor = (c: Ctx): string | undefined =>
  c.rng.weighted<string | undefined>([
    [undefined, 5],
    [PROMOS.days.code, 2],
    [PROMOS.percent.code, 2],
    [PROMOS.newOnly.code, 1],
  ]);

const howToPay = (c: Ctx): PayHow =>
  c.rng.weighted<PayHow>([
    ["wallet", 7],
    ["invoice", 2],
    ["rail", 1],
  ]);

/** A purchase of a plan (or a gift of it), paid now or left for later. */
function purchase(gift: boolean): Action["plan"] {
  return (c) => {
    const customerId = c.rng.pick(c.m.customers);
    if (customerId === undefined) return undefined;
    const backend = c.rng.pick(BACKENDS) as Backend;
    const promo = promoFor(c);
    const how = howToPay(c);
    const later = c.rng.chance(0.1);
    const repeat = c.rng.chance(0.2);
    return {
      label: `${gift ? "gift" : "buy"} ${backend} by c${customerId} promo=${promo ?? "-"} pay=${later ? "later" : how}`,
      run: async () => {
        const started = await c.w.rooms.sales.shop.startPurchase(
          customerId,
          PLANS[backend],
          "en",
          promo,
          gift,
        );
        if (!started.ok) return c.note(`  refused: ${started.reason}`);
        const { order } = started;
        c.note(`  ${order.id} at ${order.price}${started.promo ? ` (promo refused: ${started.promo})` : ""}`);
        if (later) c.m.unpaid.add(order.id);
        else await payOrder(c, order, how, repeat);
      },
    };
  };
}

/** A renewal of a subscription by its owner; sometimes a second one right after (two in flight). */
const renew: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()]);
  if (!sub) return undefined;
  const twice = c.rng.chance(0.4);
  const choices = [0, 1].map(() => ({ promo: promoFor(c), how: howToPay(c), repeat: c.rng.chance(0.2) }));
  return {
    label: `renew ${sub.id} (${sub.backend}) by c${sub.customerId}${twice ? " twice" : ""}`,
    run: async () => {
      for (const choice of twice ? choices : choices.slice(0, 1)) {
        const { shop } = c.w.rooms.sales;
        const started = await shop.startRenewal(sub.customerId, sub.id, "en", choice.promo);
        if (!started.ok) return c.note(`  refused: ${started.reason}`);
        c.note(`  ${started.order.id} promo=${choice.promo ?? "-"} at ${started.order.price}`);
        await payOrder(c, started.order, choice.how, choice.repeat);
      }
    },
  };
};

/**
 * A traffic pack for a subscription by its owner (paid from the wallet or by an invoice, the
 * payment maybe delivered twice); sometimes a second one right after (two packs in flight).
 */
const pack: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()]);
  if (!sub) return undefined;
  const twice = c.rng.chance(0.4);
  const choices = [0, 1].map(() => ({
    pack: c.rng.pick(PACKS)?.id ?? "p10",
    how: howToPay(c),
    repeat: c.rng.chance(0.2),
  }));
  return {
    label: `pack for ${sub.id} (${sub.backend}) by c${sub.customerId}${twice ? " twice" : ""}`,
    run: async () => {
      for (const choice of twice ? choices : choices.slice(0, 1)) {
        const started = await c.w.rooms.sales.shop.packs.start(sub.customerId, sub.id, choice.pack, "en");
        if (!started.ok) return c.note(`  refused: ${started.reason}`);
        c.note(`  ${started.order.id} ${choice.pack} at ${started.order.price}`);
        await payOrder(c, started.order, choice.how, choice.repeat);
      }
    },
  };
};

/** An order left unpaid is paid now (an invoice, or the wallet after a top-up). */
const payLater: Action["plan"] = (c) => {
  const id = c.rng.pick([...c.m.unpaid]);
  if (!id) return undefined;
  const how = howToPay(c);
  return {
    label: `pay ${id} by ${how}`,
    run: async () => {
      const order = await c.w.rooms.books.orders.get(id);
      c.m.unpaid.delete(id);
      if (order?.status !== "awaiting_payment") return c.note(`  ${order?.status ?? "gone"}`);
      await payOrder(c, order, how, false);
    },
  };
};

const topUp: Action["plan"] = (c) => {
  const customerId = c.rng.pick(c.m.customers);
  if (customerId === undefined) return undefined;
  const amount = c.rng.pick([50, 100, 250]) as number;
  const repeat = c.rng.chance(0.3);
  return {
    label: `top up c${customerId} by ${amount}${repeat ? " (update delivered twice)" : ""}`,
    run: async () => {
      const started = await c.w.rooms.sales.cashier.startTopUp(customerId, amount);
      if (!started.ok) return c.violation(`top-up of ${amount} refused`);
      await telegramPayment(c, customerId, `t:${started.id}`, amount, repeat);
    },
  };
};

const creditCode: Action["plan"] = (c) => {
  const customerId = c.rng.pick(c.m.customers);
  if (customerId === undefined) return undefined;
  return {
    label: `c${customerId} enters ${PROMOS.credit.code}`,
    run: async () => {
      const out = await c.w.rooms.sales.promos.enter(customerId, PROMOS.credit.code);
      c.note(`  ${out.status}${out.status === "refused" ? ` (${out.reason})` : ""}`);
    },
  };
};

/** A new customer starts the bot with an existing customer's invite link. */
const invite: Action["plan"] = (c) => {
  const inviter = c.rng.pick(c.m.customers);
  if (inviter === undefined) return undefined;
  const friend = c.m.newCustomerId();
  const seed = c.rng.pick([0, 200, 400]) as number;
  return {
    label: `c${inviter} invites c${friend} (wallet ${seed})`,
    run: async () => {
      const { books, sales } = c.w.rooms;
      const code = await sales.referrals.codeOf(inviter);
      await books.customers.seen({ id: friend, firstName: `C${friend}`, locale: "en" });
      const how = await sales.referrals.started(friend, code);
      if (how !== "attributed") c.violation(`c${friend} was not attributed to c${inviter}: ${how}`);
      else c.m.invitedBy.set(friend, inviter);
      c.m.customers.push(friend);
      if (seed > 0) await books.wallet.credit(friend, seed, `seed:${friend}`, { kind: "admin-credit" });
    },
  };
};

const openGifts = (c: Ctx): ModelGift[] => c.m.gifts.filter((g) => g.open);

/** Someone (not the buyer, sometimes a new customer) opens a gift link; sometimes the buyer cancels at once. */
const claimGift: Action["plan"] = (c) => {
  const gift = c.rng.pick(openGifts(c));
  if (!gift) return undefined;
  const others = c.m.customers.filter((id) => id !== gift.buyerId);
  const fresh = c.rng.chance(0.4) || others.length === 0;
  const claimer = fresh ? c.m.newCustomerId() : (c.rng.pick(others) as number);
  const race = c.rng.chance(0.3);
  // The cancel goes out a few Redis round trips after the claim, or at once (the claim does more
  // before its step): either may win.
  const lag = c.rng.int(0, 3);
  return {
    label: `c${claimer} claims gift ${gift.orderId}${race ? " while the buyer cancels it" : ""}`,
    run: async () => {
      const { books, sales } = c.w.rooms;
      if (fresh) {
        await books.customers.seen({ id: claimer, firstName: `C${claimer}`, locale: "en" });
        c.m.customers.push(claimer);
      }
      const [claimed, cancelled] = await Promise.all([
        sales.gifts.claim(gift.code, claimer),
        race ? lagged(c, lag, () => sales.gifts.cancel(gift.code, gift.buyerId)) : Promise.resolve(undefined),
      ]);
      c.note(`  claim: ${claimed.status}${cancelled ? `, cancel: ${cancelled.status}` : ""}`);
      c.tally(
        `gift claim${cancelled ? " racing a cancel" : ""}: ${claimed.status}${cancelled ? `/${cancelled.status}` : ""}`,
      );
      if (claimed.status === "claimed" && cancelled?.status === "ok") {
        c.violation(`gift ${gift.code} was both claimed and cancelled`);
      }
      if (claimed.status === "claimed" || cancelled?.status === "ok") gift.open = false;
      if (cancelled?.status === "ok") c.m.refunded(gift.orderId);
    },
  };
};

/** `fn` after `n` Redis round trips. */
async function lagged<T>(c: Ctx, n: number, fn: () => Promise<T>): Promise<T> {
  for (let i = 0; i < n; i++) await c.w.redis.ping();
  return fn();
}

const cancelGift: Action["plan"] = (c) => {
  const gift = c.rng.pick(openGifts(c));
  if (!gift) return undefined;
  return {
    label: `c${gift.buyerId} cancels gift ${gift.orderId}`,
    run: async () => {
      const out = await c.w.rooms.sales.gifts.cancel(gift.code, gift.buyerId);
      c.note(`  ${out.status}`);
      c.tally(`gift cancel: ${out.status}`);
      if (out.status !== "ok") return;
      gift.open = false;
      c.m.refunded(gift.orderId);
    },
  };
};

/** An admin charges a refunded order again, confirming the offer as the bot's button does. */
const chargeAgain: Action["plan"] = (c) => {
  const refunded = [...c.m.refundedOrders].filter((id) => !c.m.orders.get(id)?.gift);
  const id = c.rng.pick(refunded);
  const order = id ? c.m.orders.get(id) : undefined;
  if (!order) return undefined;
  const fund = c.rng.chance(0.6);
  return {
    label: `admin charges ${order.id} again${fund ? " (after crediting the wallet)" : ""}`,
    run: async () => {
      const { backoffice, books } = c.w.rooms;
      const offer = await backoffice.chargeAgain.offer(order.customerId, order.id);
      if (offer.status !== "offer") return c.note(`  no offer: ${offer.status}`);
      if (fund && offer.balance < offer.price) {
        const key = `again:${order.id}`;
        await books.wallet.credit(order.customerId, offer.price, key, { kind: "admin-credit" });
      }
      const done = await backoffice.chargeAgain.confirm(WORLD_OWNER, order.customerId, order.id, offer.token);
      c.note(`  ${done.status}${done.status === "queued" ? ` as ${done.order.id}` : ""}`);
      c.tally(`charge again: ${done.status}`);
      if (done.status !== "queued") return;
      c.m.refundedOrders.delete(order.id);
      const next = await books.orders.get(done.order.id);
      if (next) c.m.paid(next);
    },
  };
};

export const SALES_ACTIONS: Action[] = [
  { name: "buy", weight: 7, plan: purchase(false) },
  { name: "renew", weight: 10, plan: renew },
  { name: "pack", weight: 6, plan: pack },
  { name: "pay-later", weight: 2, plan: payLater },
  { name: "top-up", weight: 3, plan: topUp },
  { name: "credit-code", weight: 1, plan: creditCode },
  { name: "invite", weight: 2, plan: invite },
  { name: "gift", weight: 2, plan: purchase(true) },
  { name: "claim-gift", weight: 3, plan: claimGift },
  { name: "cancel-gift", weight: 1, plan: cancelGift },
  { name: "charge-again", weight: 3, plan: chargeAgain },
];

export type { Planned };
