import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Order } from "../../src/domain/books/index.js";
import { formatMoney } from "../../src/domain/catalog/index.js";
import { amountDue, invoiceRail, parsePayload } from "../../src/domain/sales/index.js";
import { orderInvoice, topUpInvoice } from "../../src/render/invoices.js";

const i18n = createI18n("en");
const words = (currency: string) => ({
  t: (key: string, vars?: Record<string, string | number>) => i18n.t("en", key, vars),
  money: (minor: number) => formatMoney(currency, minor, "en"),
});

const order = (fields: Partial<Order>): Order =>
  ({
    id: "o123456789",
    kind: "purchase",
    customerId: 7,
    planId: "de-xui",
    price: 500,
    currency: "USD",
    status: "awaiting_payment",
    createdAt: 0,
    ...fields,
  }) as Order;

describe("one invoice for the chat and the cabinet (render/invoices.ts)", () => {
  it("names what is due, what the balance covers, and a promo code's discount", () => {
    const rail = invoiceRail("USD", "provider-token");
    const discounted = order({ price: 400, promoCode: "SPRING", listPrice: 500 });
    const spec = orderInvoice(words("USD"), discounted, "Germany, 30 days", 150, rail);
    expect(spec).toEqual({
      title: "VPN plan",
      description:
        "Germany, 30 days: $1.50 to pay now; your wallet balance covers the other $2.50 of the $4.00 price." +
        " Promo code SPRING applied (instead of $5.00).",
      payload: "o:o123456789",
      currency: "USD",
      providerToken: "provider-token",
      prices: [{ label: "Germany, 30 days", amount: 150 }],
    });
    expect(parsePayload(spec.payload)).toEqual({ kind: "order", orderId: "o123456789" });
  });

  it("keeps to Telegram's limits and pays Stars without a provider token", () => {
    const long = "x".repeat(300);
    const spec = orderInvoice(
      words("XTR"),
      order({ kind: "renewal", price: 50, currency: "XTR" }),
      long,
      50,
      {
        ...invoiceRail("XTR", "ignored-for-stars"),
      },
    );
    expect(spec.title).toBe("VPN renewal");
    expect(spec.description.length).toBe(255);
    expect(spec.prices[0]?.label).toHaveLength(32);
    expect(spec).toMatchObject({ currency: "XTR", providerToken: "" });
    const topUp = topUpInvoice(words("XTR"), "t0pUp1d", 250, invoiceRail("XTR", undefined));
    expect(topUp).toMatchObject({ title: "Wallet top-up", payload: "t:t0pUp1d", prices: [{ amount: 250 }] });
  });

  it("asks what the balance does not cover, at least the smallest invoice Telegram takes", () => {
    expect(amountDue(500, 200, "USD")).toBe(300);
    expect(amountDue(500, 450, "USD")).toBe(100);
    expect(amountDue(50, 49, "XTR")).toBe(1);
    expect(amountDue(500, 900, "JPY")).toBe(1);
  });
});
