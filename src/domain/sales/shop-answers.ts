import type { Order } from "../books/index.js";
import type { ChannelRequired } from "./channel-gate.js";
import type { Undeliverable } from "./delivery.js";
import type { PromoRefusal } from "./promo-codes.js";

/* What the Shop answers when an order is asked for (shop.ts). */

export type ShopRefusal =
  | "blocked"
  | "unknown-plan"
  | "trial-used"
  | "no-trial"
  | "unknown-subscription"
  | "subscription-disabled"
  /** Frozen by its customer (terms/freezes.ts): unfrozen first, then renewed. */
  | "subscription-frozen"
  | "subscription-removed"
  /** The traffic pack asked for is not offered for that subscription (PackSales.offers). */
  | "pack-not-offered"
  /** The plan asked for is not one this subscription may switch to now (SwitchSales.targets). */
  | "switch-not-offered"
  | "order-gone"
  | "order-not-payable"
  | "hosting-unknown" // an unattended renewal (auto-renew) whose hosting side could not be read
  /** The hosting side cannot deliver it now (see Delivery): `why` says what stands in the way. */
  | "undeliverable"
  /** The admins' channels must be joined first (ChannelGate): `channels` are the ones to join. */
  | "channel-required";

/**
 * `reused`: the customer's own order awaiting payment was handed back (not a new one). `promo`:
 * why the promo code asked for is not on the order (it was opened at the plan's price).
 */
export type Started =
  | { ok: true; order: Order; reused?: boolean; promo?: PromoRefusal }
  | { ok: false; reason: ShopRefusal; why?: Undeliverable; channels?: ChannelRequired["channels"] };
