import type { Locale } from "../../src/config.js";
import type { NewSubscription, Subscription } from "../../src/domain/books/index.js";
import type { ShopRooms } from "../../src/domain/index.js";

/** Records customer `id` as seen (named `C<id>`), as the bot does on their first message. */
export async function seedCustomer(
  rooms: Pick<ShopRooms, "books">,
  id: number,
  locale: Locale = "en",
): Promise<void> {
  await rooms.books.customers.seen({ id, firstName: `C${id}`, locale });
}

/**
 * Stores the subscription of order `orderId`: by default a de-xui one on node client `c<customerId>` with a
 * placeholder link, no traffic or device limit and no trial; `fields` override any of that.
 */
export function seedSubscription(
  rooms: Pick<ShopRooms, "books">,
  orderId: string,
  fields: Pick<NewSubscription, "customerId" | "expiresAt"> & Partial<NewSubscription>,
): Promise<Subscription> {
  return rooms.books.subscriptions.create(orderId, {
    planId: "de-xui",
    ref: { kind: "node", name: `c${fields.customerId}` },
    links: { links: ["vless://x"], subscriptionUrl: undefined },
    trafficGb: 0,
    devices: 0,
    trial: false,
    ...fields,
  });
}
