import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { SettleResult } from "../../src/domain/settlement/index.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { OutboxRailNotices } from "../../src/workers/rail-notices.js";

const settled = (over: Partial<SettleResult>): SettleResult => ({
  credited: true,
  paid: false,
  orderId: undefined,
  orderStatus: undefined,
  balance: 0,
  outcome: "topup",
  autoRenewed: [],
  ...over,
});

function notices() {
  const sent: OutboxMessage[] = [];
  const locales = new Map<number, string>([[2, "ru"]]);
  const n = new OutboxRailNotices({
    outbox: { send: async (m) => void sent.push(m) },
    i18n: createI18n("en"),
    defaultLocale: "en",
    customers: () => ({
      get: async (id: number) => {
        const locale = locales.get(id);
        return locale ? ({ id, locale } as never) : undefined;
      },
    }),
    adminIds: [1, 2],
  });
  return { n, sent };
}

const base = { payerId: 500, rail: { id: "yookassa", name: "YooKassa" }, amount: 15_000, currency: "RUB" };

describe("what a payer and the admins hear of a rail payment", () => {
  it("tells the payer their order is paid, or their wallet topped up, once per payment; admins hear nothing", async () => {
    const { n, sent } = notices();
    await n.settled({ ...base, chargeId: "yookassa:a", settled: settled({ paid: true, outcome: "order" }) });
    await n.settled({ ...base, chargeId: "yookassa:b", settled: settled({ balance: 15_000 }) });
    expect(sent.map((m) => [m.chatId, m.once])).toEqual([
      [500, "railpay:yookassa:a"],
      [500, "railpay:yookassa:b"],
    ]);
    expect(sent[0]?.text).toContain("YooKassa: your payment of");
    expect(sent[0]?.text).toContain("Your order is paid");
    expect(sent[1]?.text).toContain("is in your wallet");
  });

  it("tells the payer a mismatch went to their wallet, and alerts every admin in their language", async () => {
    const { n, sent } = notices();
    await n.settled({
      ...base,
      chargeId: "yookassa:c",
      settled: settled({ outcome: "mismatch", balance: 15_000 }),
    });
    expect(sent.map((m) => m.chatId)).toEqual([500, 1, 2]);
    expect(sent[0]?.text).toContain("which is not what the order asked");
    expect(sent[1]?.text).toContain("from customer 500 did not match what was asked");
    expect(sent[2]?.text).toContain("от покупателя 500 не совпал");
    expect(sent[1]?.once).toBe("railpay-alert:yookassa:c:1");
  });

  it("tells of a held payment in another currency, to the payer and the admins", async () => {
    const { n, sent } = notices();
    await n.settled({
      ...base,
      currency: "USD",
      chargeId: "yookassa:d",
      settled: settled({ credited: false, held: true, outcome: "held" }),
    });
    expect(sent.map((m) => m.chatId)).toEqual([500, 1, 2]);
    expect(sent[0]?.text).toContain("a payment in USD");
    expect(sent[1]?.text).toContain("nothing was credited");
  });
});
