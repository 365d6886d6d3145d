import type { Routing, StaffTopic } from "../domain/staff/index.js";
import type { Translate } from "./i18n-like.js";

/** The name of each topic the bot makes in the staff group (in the shop's default language). */
export const TOPIC_NAME_KEYS: Record<StaffTopic, string> = {
  alerts: "staff-topic-alerts",
  payments: "staff-topic-payments",
  orders: "staff-topic-orders",
  reconciliation: "staff-topic-reconciliation",
  report: "staff-topic-report",
  tickets: "staff-topic-tickets",
};

/** Where notices go, as the set-up screen names each choice. */
export const ROUTING_KEYS: Record<Routing, string> = {
  private: "staff-group-routing-private",
  group: "staff-group-routing-group",
  both: "staff-group-routing-both",
};

export function topicName(t: Translate, topic: StaffTopic): string {
  return t(TOPIC_NAME_KEYS[topic]);
}
