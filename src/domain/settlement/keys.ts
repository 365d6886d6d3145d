/**
 * Every Redis key of settlement (the payment inbox, fulfilment, Stars refunds), and the ledger
 * idempotency keys of Stars refunds. The strings are what is stored: changing one loses the data
 * under it.
 */

export const inboxKeys = {
  /** A payment seen (hash), by its charge id: kept for good. */
  entry: (chargeId: string) => `payinbox:${chargeId}`,
  /** The raw update of an entry (kept apart: it expires after crediting, the entry does not). */
  raw: (chargeId: string) => `payinbox:raw:${chargeId}`,
  /**
   * A settle of the charge under way (a string with a TTL): the archiving leaves the entry and
   * the charge's ledger key in Redis meanwhile, so the settle's idempotency never loses its ground.
   */
  settling: (chargeId: string) => `payinbox:settling:${chargeId}`,
  /** Charge ids recorded and not credited yet, by time recorded. */
  pending: "payinbox:pending",
  /**
   * Charge ids admins should check: credited but matched no order or top-up of the payer, credited
   * to the balance for not matching what was asked, or held (another currency).
   */
  unmatched: "payinbox:unmatched",
  /** Payments credited on a UTC day (its index since the epoch), per rail: `<rail>:n`, `<rail>:sum`. */
  day: (dayIndex: number) => `payinbox:day:${dayIndex}`,
};

export const starsRefundKeys = {
  /** Charge ids whose refund Telegram confirmed (field = charge id, value = the debit's entry id). */
  confirmed: "stars-refund:confirmed",
  /** The ledger idempotency key of a Stars refund's debit (a field of the books' applied hash). */
  debit: (chargeId: string) => `stars-refund:${chargeId}`,
  /** The ledger idempotency key of the credit that undoes a refused refund's debit. */
  undo: (debitEntryId: string) => `stars-refund-undo:${debitEntryId}`,
};

export const archiveKeys = {
  /**
   * Per customer (member), the time of the oldest item of theirs the last archive pass left in
   * Redis (score): a pass skips a customer whose oldest item is newer than its cutoff unread. New
   * items are always newer, so the score only errs early (a visit that moves nothing).
   */
  oldest: "archive:oldest",
};

export const fulfilmentKeys = {
  /** The lease of the one run of an order under way (an attempt, or giving it up). */
  run: (orderId: string) => `order-run:${orderId}`,
  /** Removed family owners whose members' access is still to end (score = when recorded). */
  familiesEnding: "families:ending",
};

export const railKeys = {
  /** A payment the shop asked a rail for (hash): payload, payer, amount asked, currency, when, link. */
  payment: (rail: string, paymentId: string) => `railpay:pay:${rail}:${paymentId}`,
  /** The open payment of an invoice payload on a rail, per amount (hash: amount -> payment id). */
  open: (rail: string, payload: string) => `railpay:open:${rail}:${payload}`,
  /** Held while a payment for a payload and amount is being asked for (one ask at a time). */
  asking: (rail: string, payload: string, amount: number) => `railpay:asking:${rail}:${payload}:${amount}`,
  /** Whether the rail answered its last probe (hash: ok 1/0, at, why). */
  health: (rail: string) => `railpay:health:${rail}`,
  /** The admins' choices for a rail (JSON of RailPrefs). */
  prefs: (rail: string) => `railpay:prefs:${rail}`,
  /** The customer's e-mail for receipts, asked once and kept. */
  email: (customerId: number) => `railpay:email:${customerId}`,
};
