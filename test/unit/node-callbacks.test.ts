import { describe, expect, it } from "vitest";
import { type NodeCb, nodeCb } from "../../src/bot/features/admin/node/callbacks.js";

/** The node section's typed codec keeps the wire the buttons have always carried (a.n:<act>:<arg>:<tok>). */

const cases: [NodeCb, string][] = [
  [{ act: "home" }, "a.n:home::"],
  [{ act: "create" }, "a.n:create::"],
  [{ act: "name-set" }, "a.n:name-set::"],
  [{ act: "list", page: 0 }, "a.n:list:0:"],
  [{ act: "list", page: 2 }, "a.n:list:2:"],
  [{ act: "card", client: "alice" }, "a.n:card:alice:"],
  [{ act: "card", client: "a@b.c" }, "a.n:card:a%40b.c:"],
  [{ act: "renew", client: "~AbCd1234" }, "a.n:renew:~AbCd1234:"],
  [{ act: "del-ok", client: "bob", token: "Ab-_12xy" }, "a.n:del-ok:bob:Ab-_12xy"],
  [{ act: "renew-to", client: "alice", target: 1_769_515_200 }, "a.n:renew-to:alice:1769515200"],
  [{ act: "peer-del", peer: "de-1" }, "a.n:peer-del:de-1:"],
  [{ act: "peer-del-ok", peer: "de-1", token: "tok12345" }, "a.n:peer-del-ok:de-1:tok12345"],
  [{ act: "fed-del-ok", token: "tok12345" }, "a.n:fed-del-ok::tok12345"],
  [{ act: "backup-new", token: "tok12345" }, "a.n:backup-new::tok12345"],
];

describe("node callback data", () => {
  it.each(cases)("%j is %s on the wire and back", (data, wire) => {
    expect(nodeCb.pack(data)).toBe(wire);
    expect(nodeCb.unpack(wire)).toEqual(data);
  });

  it("refuses what no button sends: unknown actions, bad tokens, missing fields, other prefixes", () => {
    for (const raw of ["a.n:explode::", "a.n:del-ok:bob:to ken", "a.n:card:alice", "a.p:home::", undefined]) {
      expect(nodeCb.unpack(raw), String(raw)).toBeUndefined();
    }
  });

  it("a malformed page is the first page; a malformed target is none (the menu is outdated)", () => {
    expect(nodeCb.unpack("a.n:list:x:")).toEqual({ act: "list", page: 0 });
    expect(nodeCb.unpack("a.n:list:-1:")).toEqual({ act: "list", page: 0 });
    expect(nodeCb.unpack("a.n:renew-to:alice:abc")).toEqual({
      act: "renew-to",
      client: "alice",
      target: undefined,
    });
    expect(nodeCb.unpack("a.n:del-ok:bob:")).toEqual({ act: "del-ok", client: "bob", token: "" });
    // Fields an action does not carry are dropped on the way in.
    expect(nodeCb.unpack("a.n:home:x:y")).toEqual({ act: "home" });
  });
});
