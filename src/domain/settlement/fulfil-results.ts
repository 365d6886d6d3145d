import type { AccessLinks, AccessRef, Order, Subscription } from "../books/index.js";

/* What one run of an order (Fulfilment.fulfil) and its giving up (Fulfilment.fail) answer. */

export type FulfilResult =
  | {
      outcome: "active";
      order: Order;
      subscription: Subscription;
      links: AccessLinks;
      renewed: boolean;
      /** A traffic pack: the GB it added and the term's allowance now (traffic-packs.ts). */
      pack?: { gb: number; allowanceGb: number };
      /** A renewal of the same subscription whose turn came now that this one is done. */
      nextInChain?: string | undefined;
    }
  /** A renewal (or a pack) waiting for an earlier change of the same subscription to finish. */
  | { outcome: "waiting"; order: Order; behind: string }
  /** A paid gift now waiting for its claim: the buyer is sent the link with `code`. */
  | { outcome: "gift"; order: Order; code: string }
  | { outcome: "skipped"; order: Order | undefined };

export type FailResult =
  | {
      refunded: number;
      order: Order;
      nextInChain?: string | undefined;
      /** A hosting client the order made and could not remove: the admins remove it by hand. */
      orphan?: AccessRef | undefined;
    }
  | undefined;
