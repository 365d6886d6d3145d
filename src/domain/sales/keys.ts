/**
 * Every Redis key of sales (promo codes, referrals and their rewards, gifts, top-ups, invoices),
 * and the ledger idempotency keys of referral rewards. The strings are what is stored: changing
 * one loses the data under it. Lua scripts get these through KEYS[], or as a prefix in ARGV
 * (`keyPrefix`) for a name they only know while they run.
 */

/**
 * A promo code's keys. `uses` is read a field at a time (never whole): a customer's uses, the uses
 * awaiting payment and the latest uses come from the three indexes, so every look at a code costs
 * O(log n) in its uses (issue 23). A code stored before the indexes is indexed once (its record's
 * `indexed` field is set then): PromoCodes.indexOldUses.
 */
export const promoKeys = (code: string) => ({
  /** The code's record (hash). */
  code: `promo:code:${code}`,
  /** use key -> `<customer>|r|<at>` (reserved) or `<customer>|u|<at>` (used). */
  uses: `promo:uses:${code}`,
  /** customer -> uses held (reserved or used). */
  by: `promo:by:${code}`,
  /** `<customer>|<use key>` (sorted set, all at score 0: a customer's uses by lex range). */
  own: `promo:own:${code}`,
  /** use key -> when reserved (sorted set): the uses awaiting payment, oldest first. */
  reserved: `promo:reserved:${code}`,
  /** use key -> when held (sorted set): every use held, for the newest first. */
  recent: `promo:recent:${code}`,
});
/** A code's keys in the order its Lua steps take them (`promo_keys` in lua/promo-use.lua). */
export function promoKeyList(code: string): string[] {
  const k = promoKeys(code);
  return [k.code, k.uses, k.by, k.own, k.reserved, k.recent];
}
/** Every code by creation time. */
export const PROMO_CODES = "promo:codes";
/** The code a customer's `/promo` remembered for their next order (JSON, expires). */
export const pendingKey = (customerId: number) => `promo:pending:${customerId}`;
/** The ledger idempotency key of a wallet-credit code's credit (a field of the books' applied hash). */
export const promoCreditKey = (code: string, customerId: number) => `promo:${code}:${customerId}`;

export const referralKeys = {
  /** customer id -> their code. */
  codes: "referral:codes",
  /** code -> customer id (the reverse index). */
  byCode: "referral:by-code",
  /** customer id -> when they first sent /start (first start only). */
  started: "referral:started",
  /**
   * An invited customer: inviter, at, payments (their paid orders holding a first-N place and
   * standing, see rewardKeys.places), bonusOrder, bonusDays, paid.
   */
  of: (customerId: number) => `referral:of:${customerId}`,
  /** An inviter's figures: joined, paid, earned (net, minor units), lost (not recovered). */
  stats: (customerId: number) => `referral:stats:${customerId}`,
  /** Inviters by what they earned (net). */
  top: "referral:top",
};

export const rewardKeys = {
  /**
   * order id -> what became of its reward: the amount credited, `none` (not a paid order any
   * more when settled), `limit` (beyond the first N payments), `off`, `void` (refunded before
   * any reward: none will come), or `back:<taken>:<lost>` (taken back after a refund).
   */
  rewards: "referral:rewards",
  /**
   * Orders of invited customers whose reward step was owed (by time), as releases before the
   * activation owed its follow-ups wrote it: no longer written; drained by the sweep.
   */
  due: "referral:due",
  /**
   * order id -> an invited customer's paid order's place among their first N payments, decided in
   * the step that paid it: its number, `limit` (paid when the N places were held) or `back` (its
   * place given back by a refund).
   */
  places: "referral:places",
};

/** The ledger idempotency key of an order's referral reward (a field of the books' applied hash). */
export const rewardKey = (orderId: string) => `referral:${orderId}`;
/** The ledger idempotency key of taking that reward back. */
export const takeBackKey = (orderId: string) => `referral-back:${orderId}`;

export const giftKeys = {
  /** A gift's record (hash), kept a while after it ended. */
  gift: (code: string) => `gift:${code}`,
  /** The buyer's gifts (codes by creation time), for "My gifts". */
  byBuyer: (buyerId: number) => `gifts:buyer:${buyerId}`,
  /** Open gifts by expiry time: the expiry task refunds those past it. */
  expiring: "gifts:expiring",
};

/** A top-up's record (JSON: customer and amount), read by pre-checkout and by the payment. */
export const topUpKey = (id: string) => `topup:${id}`;
/** The customer's pending top-up of one amount (its id), while it awaits payment. */
export const openTopUpKey = (customerId: number, amount: number) => `topups:open:${customerId}:${amount}`;
/** An invoice for a subject went out a moment ago (holds back the next one for a while). */
export const invoiceSentKey = (customerId: number, subject: string) =>
  `invoice:sent:${customerId}:${subject}`;
/** Invoice links made for an open order or top-up (hash: `<amount>:<language>` -> link), while it is open. */
export const invoiceLinksKey = (payload: string) => `invoice:links:${payload}`;

/** The admins' alert of an order the hosting side cannot deliver: once per cause (see Delivery). */
export const deliveryKeys = {
  /** `<server id>:<paid until>` or `location:<node>`: set while the admins have been told. */
  alerted: (cause: string) => `sales:undeliverable-alert:${cause}`,
};

/** The channel gate's keys (channel-gate.ts, trial-watch.ts). */
export const gateKeys = {
  /** "1" (in) or "0" (out): a customer's standing in a required channel, cached for a while. */
  member: (customerId: number, chatId: number) => `gate:member:${customerId}:${chatId}`,
  /** Set for a while after the bot found it cannot read a channel's members: no call meanwhile. */
  blind: (chatId: number) => `gate:blind:${chatId}`,
  /** The admins were told the bot cannot read the channel's members (until it can again). */
  alerted: (chatId: number) => `gate:alerted:${chatId}`,
  /** Trials taken through the gate (customer id -> when their next check is due, ms). */
  trials: "gate:trials",
  /** A watched trial's state (hash): since, pause (pending | done), pausedAt. */
  trial: (customerId: number) => `gate:trial:${customerId}`,
  /** The lease of one step of a watched trial (pause or resume), across processes. */
  trialRun: (customerId: number) => `gate:trial-run:${customerId}`,
};

/** Auto-renew from the balance (auto-renew.ts). */
export const autoRenewKeys = {
  /** The subscriptions whose owners turned auto-renew on (a set of ids). */
  on: "autorenew:on",
  /**
   * A subscription's auto-renewal (hash: `term`, the expiry it renews, and `order`, the one order
   * that term may be paid with; lua/autorenew-claim.lua). Overwritten by the next term's.
   */
  term: (subscriptionId: string) => `autorenew:term:${subscriptionId}`,
};

/**
 * A family's seats (sales/seats.ts). `family`: a hash with `count` (seats, the owner's own
 * included), `owner`, `planId`, and one field per other seat `<n>` (2..count) holding the seat's
 * JSON (`{code}` free; `{code, memberId, orderId, claimedAt}` taken). `code`: an invite code ->
 * `<subscription id>:<n>` (deleted when the seat is freed: an old link then opens nothing).
 */
export const seatKeys = {
  family: (subscriptionId: string) => `seats:family:${subscriptionId}`,
  code: (code: string) => `seats:code:${code}`,
};
