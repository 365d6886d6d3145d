import { describe, expect, it } from "vitest";
import { type ServersAction, serversCb } from "../../src/bot/features/admin/servers/callbacks.js";

/** The servers section's typed codec keeps the wire the buttons have always carried. */

const cases: [ServersAction, string][] = [
  [{ act: "list", page: 0 }, "a.s:list:0:"],
  [{ act: "list", page: 3 }, "a.s:list:3:"],
  [{ act: "card", server: 12 }, "a.s:card:12:"],
  [{ act: "power", server: 12, action: "restart" }, "a.s:power:12:restart"],
  [{ act: "power-ok", server: 12, action: "stop", token: "Ab-_12xy" }, "a.s:power-ok:12:stop.Ab-_12xy"],
  [
    { act: "extend-ok", server: 12, seen: 1_700_000_000, token: "tok12345" },
    "a.s:extend-ok:12:1700000000.tok12345",
  ],
  [{ act: "regen-ok", server: 12, token: "tok12345" }, "a.s:regen-ok:12:tok12345"],
  [{ act: "core-set", server: 12, version: "26.7.28" }, "a.s:core-set:12:26.7.28"],
  [{ act: "core-ok", server: 12, version: "26.6.27", token: "tok12345" }, "a.s:core-ok:12:26.6.27.tok12345"],
];

describe("servers callback data", () => {
  it.each(cases)("%j is %s on the wire and back", (action, wire) => {
    expect(serversCb.pack(action)).toBe(wire);
    expect(serversCb.unpack(wire)).toEqual(action);
  });

  it("refuses what no button sends: unknown power actions and versions, negative ids, other prefixes", () => {
    for (const raw of [
      "a.s:power:12:explode",
      "a.s:power-ok:12:explode.tok",
      "a.s:core-set:12:1.2.3",
      "a.s:core-ok:12:1.2.3.tok",
      "a.s:list:-1:",
      "a.s:card:12",
      "a.xu:list:12:0",
    ]) {
      expect(serversCb.unpack(raw), raw).toBeUndefined();
    }
  });

  it("a confirmation without a token claims nothing; a forged expiry is stale", () => {
    expect(serversCb.unpack("a.s:regen-ok:12:")).toEqual({ act: "regen-ok", server: 12, token: "" });
    expect(serversCb.unpack("a.s:power-ok:12:stop")).toEqual({
      act: "power-ok",
      server: 12,
      action: "stop",
      token: "",
    });
    expect(serversCb.unpack("a.s:extend-ok:12:soon.tok12345")).toEqual({ act: "stale", server: 12 });
  });
});
