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
  /** Charge ids recorded and not credited yet, by time recorded. */
  pending: "payinbox:pending",
  /** Charge ids credited that matched no order or top-up of the payer (admins look at them). */
  unmatched: "payinbox:unmatched",
};

export const starsRefundKeys = {
  /** Charge ids whose refund Telegram confirmed (field = charge id, value = the debit's entry id). */
  confirmed: "stars-refund:confirmed",
  /** The ledger idempotency key of a Stars refund's debit (a field of the books' applied hash). */
  debit: (chargeId: string) => `stars-refund:${chargeId}`,
  /** The ledger idempotency key of the credit that undoes a refused refund's debit. */
  undo: (debitEntryId: string) => `stars-refund-undo:${debitEntryId}`,
};

export const fulfilmentKeys = {
  /** The lease of the one run of an order under way (an attempt, or giving it up). */
  run: (orderId: string) => `order-run:${orderId}`,
};
