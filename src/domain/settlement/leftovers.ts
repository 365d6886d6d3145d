import type { Logger } from "../../runtime/logger.js";
import { type AccessRef, changesSubscription, type Order, type Subscriptions } from "../books/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";

/**
 * A new access that failed may have been made in part (a multi-location create is not atomic):
 * what the order placed is removed, best-effort (removal looks first, so a repeat is harmless).
 * A renewal's or a traffic pack's client is the customer's and stays. When removal fails, the
 * leftover is returned for the admins; a subscription stored before the failure is marked removed.
 */
export async function removeLeftover(
  deps: { subscriptions: Subscriptions; provisioner: ProvisionerFor; logger: Logger },
  order: Order,
): Promise<AccessRef | undefined> {
  const ref = order.ref;
  if (changesSubscription(order) || !ref) return undefined;
  await deps.subscriptions.markRemoved(`s${order.id.slice(1)}`).catch(() => false);
  try {
    await deps.provisioner(ref.kind).remove(ref);
    deps.logger.info({ orderId: order.id, kind: ref.kind, name: ref.name }, "failed order's client removed");
    return undefined;
  } catch (err) {
    deps.logger.warn({ orderId: order.id, err, ref }, "failed order left a client behind");
    return ref;
  }
}
