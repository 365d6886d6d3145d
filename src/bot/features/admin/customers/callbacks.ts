import { z } from "zod";
import { type CallbackCodec, callbackCodec, cbPage } from "#src/render/callback-data.js";

/** Actions on one customer that need nothing but the customer. */
export type CustomerAct = "card" | "subs" | "orders" | "credit" | "debit" | "block" | "unblock" | "write";

/** What a button of the Customers section asks for, with typed fields per action. */
export type CustomersAction =
  /** The section itself, and the search. */
  | { act: "home" | "find" }
  | { act: CustomerAct; customer: number }
  | { act: "ledger"; customer: number; page: number }
  | { act: "sub"; customer: number; sub: string }
  /** The fair refund of a subscription's unused term: its arithmetic (`fair`), then done (`fair-ok`). */
  | { act: "fair" | "fair-ok"; customer: number; sub: string }
  /** Lift the freeze of a subscription now (the customer's unfreeze path). */
  | { act: "unfreeze"; customer: number; sub: string }
  /** Offer to charge a refunded order again. */
  | { act: "retry"; customer: number; order: string }
  /** Confirmed credit/debit, block or message: `token` is the confirmation's one-time token. */
  | { act: "adj-ok" | "block-ok" | "write-ok"; customer: number; token: string }
  /** Confirmed charge again of `order`. */
  | { act: "retry-ok"; customer: number; order: string; token: string };

/**
 * On the wire: `a.c:<act>:<customer id>:<arg>` (id 0 for the section itself), where `arg` is the
 * page (`ledger`), the subscription or order id, the token, or `<order id>.<token>` (`retry-ok`;
 * neither contains a ".").
 */
const wire = callbackCodec("a.c", {
  act: z.enum([
    "home",
    "find",
    "card",
    "ledger",
    "subs",
    "sub",
    "fair",
    "fair-ok",
    "unfreeze",
    "orders",
    "credit",
    "debit",
    "adj-ok",
    "block",
    "block-ok",
    "unblock",
    "retry",
    "retry-ok",
    "write",
    "write-ok",
  ]),
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  arg: z.string().max(40).default(""),
});

const TOKEN_SEP = ".";

function packed(a: CustomersAction): { id: number; arg: string } {
  switch (a.act) {
    case "home":
    case "find":
      return { id: 0, arg: "" };
    case "ledger":
      return { id: a.customer, arg: String(a.page) };
    case "sub":
    case "fair":
    case "fair-ok":
    case "unfreeze":
      return { id: a.customer, arg: a.sub };
    case "retry":
      return { id: a.customer, arg: a.order };
    case "adj-ok":
    case "block-ok":
    case "write-ok":
      return { id: a.customer, arg: a.token };
    case "retry-ok":
      return { id: a.customer, arg: `${a.order}${TOKEN_SEP}${a.token}` };
    default:
      return { id: a.customer, arg: "" };
  }
}

export const customersCb: CallbackCodec<CustomersAction> = {
  prefix: wire.prefix,
  pattern: wire.pattern,
  pack: (a) => wire.pack({ act: a.act, ...packed(a) }),
  unpack(raw) {
    const data = wire.unpack(raw);
    if (!data) return undefined;
    const { act, id: customer, arg } = data;
    switch (act) {
      case "home":
      case "find":
        return { act };
      case "ledger":
        return { act, customer, page: cbPage.safeParse(arg).data ?? 0 };
      case "sub":
      case "fair":
      case "fair-ok":
      case "unfreeze":
        return { act, customer, sub: arg };
      case "retry":
        return { act, customer, order: arg };
      case "adj-ok":
      case "block-ok":
      case "write-ok":
        return { act, customer, token: arg };
      case "retry-ok": {
        const cut = arg.lastIndexOf(TOKEN_SEP);
        if (cut <= 0) return { act, customer, order: arg, token: "" };
        return { act, customer, order: arg.slice(0, cut), token: arg.slice(cut + 1) };
      }
      default:
        return { act, customer };
    }
  },
};

/** A customer's card. */
export const cardCb = (customer: number) => customersCb.pack({ act: "card", customer });

/** What a button of the failed orders view asks for. */
export type OrdersAction = { act: "list"; page: number } | { act: "retry"; order: string };

/** On the wire: `a.o:<act>:<arg>`, `arg` the page (`list`) or the order id (`retry`). */
const ordersWire = callbackCodec("a.o", {
  act: z.enum(["list", "retry"]),
  arg: z.string().max(40).default(""),
});

export const ordersCb: CallbackCodec<OrdersAction> = {
  prefix: ordersWire.prefix,
  pattern: ordersWire.pattern,
  pack: (a) => ordersWire.pack({ act: a.act, arg: a.act === "list" ? String(a.page) : a.order }),
  unpack(raw) {
    const data = ordersWire.unpack(raw);
    if (!data) return undefined;
    return data.act === "list"
      ? { act: "list", page: cbPage.safeParse(data.arg).data ?? 0 }
      : { act: "retry", order: data.arg };
  },
};

/** Callback data of the payments screen (admin-prefixed, so the guard checks every press). */
export const paymentsCb = callbackCodec("a.pay", { act: z.enum(["view"]) });
