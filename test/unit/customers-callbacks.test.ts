import { describe, expect, it } from "vitest";
import {
  type CustomersAction,
  customersCb,
  type OrdersAction,
  ordersCb,
} from "../../src/bot/features/admin/customers/callbacks.js";

/** The Customers section's typed codecs keep the wire the buttons have always carried. */

const customers: [CustomersAction, string][] = [
  [{ act: "home" }, "a.c:home:0:"],
  [{ act: "find" }, "a.c:find:0:"],
  [{ act: "card", customer: 601 }, "a.c:card:601:"],
  [{ act: "unblock", customer: 801 }, "a.c:unblock:801:"],
  [{ act: "ledger", customer: 602, page: 1 }, "a.c:ledger:602:1"],
  [{ act: "sub", customer: 600, sub: "s601aaaaaaaa" }, "a.c:sub:600:s601aaaaaaaa"],
  [{ act: "retry", customer: 1001, order: "o1001abc" }, "a.c:retry:1001:o1001abc"],
  [{ act: "adj-ok", customer: 706, token: "forged99" }, "a.c:adj-ok:706:forged99"],
  [{ act: "block-ok", customer: 706, token: "Ab-_12xy" }, "a.c:block-ok:706:Ab-_12xy"],
  [{ act: "write", customer: 707 }, "a.c:write:707:"],
  [{ act: "write-ok", customer: 707, token: "Wr1te_ok" }, "a.c:write-ok:707:Wr1te_ok"],
  [
    { act: "retry-ok", customer: 1001, order: "o1001abc", token: "tok12345" },
    "a.c:retry-ok:1001:o1001abc.tok12345",
  ],
];

const orders: [OrdersAction, string][] = [
  [{ act: "list", page: 0 }, "a.o:list:0"],
  [{ act: "retry", order: "o901abcd" }, "a.o:retry:o901abcd"],
];

describe("customers callback data", () => {
  it.each(customers)("%j is %s on the wire and back", (action, wire) => {
    expect(customersCb.pack(action)).toBe(wire);
    expect(customersCb.unpack(wire)).toEqual(action);
  });

  it.each(orders)("%j is %s on the wire and back", (action, wire) => {
    expect(ordersCb.pack(action)).toBe(wire);
    expect(ordersCb.unpack(wire)).toEqual(action);
  });

  it("refuses what no button sends; a charge-again confirmation without a token claims nothing", () => {
    for (const raw of ["a.c:explode:1:", "a.c:card:-1:", "a.c:card:1", "a.o:drop:x", "a.xu:list:1:0"]) {
      expect(customersCb.unpack(raw) ?? ordersCb.unpack(raw), raw).toBeUndefined();
    }
    expect(customersCb.unpack("a.c:retry-ok:1001:o1001abc")).toEqual({
      act: "retry-ok",
      customer: 1001,
      order: "o1001abc",
      token: "",
    });
    expect(customersCb.unpack("a.c:ledger:602:soon")).toEqual({ act: "ledger", customer: 602, page: 0 });
  });
});
