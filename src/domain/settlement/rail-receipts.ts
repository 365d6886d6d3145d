import type { Rail } from "../../rails/index.js";
import type { Catalog } from "../catalog/index.js";
import { normalEmail, type RailStore } from "./rail-store.js";

export interface RailReceiptsDeps {
  rails: readonly Rail[];
  store: RailStore;
  catalog: () => Catalog;
}

/**
 * The customer's e-mail for receipts: a rail with receipts on (YooKassa under 54-FZ) needs it
 * before it takes a payment. Asked once, kept, and shown (and changeable) in the wallet.
 */
export class RailReceipts {
  constructor(private readonly deps: RailReceiptsDeps) {}

  /** Whether a rail the checkout offers (it takes the shop's currency) asks for an e-mail now. */
  async used(): Promise<boolean> {
    const { rails, store, catalog } = this.deps;
    const currency = catalog().currency;
    for (const rail of rails) {
      if (rail.accepts(currency) && rail.needsEmail(await store.prefs(rail.id, rail.choices))) return true;
    }
    return false;
  }

  email(customerId: number): Promise<string | undefined> {
    return this.deps.store.email(customerId);
  }

  /** Keeps the customer's e-mail (trimmed, lower-cased); false when `text` is not an e-mail address. */
  async setEmail(customerId: number, text: string): Promise<boolean> {
    const email = normalEmail(text);
    if (email) await this.deps.store.setEmail(customerId, email);
    return email !== undefined;
  }
}
