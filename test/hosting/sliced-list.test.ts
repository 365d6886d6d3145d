import { describe, expect, it } from "vitest";
import { z } from "zod";
import { clientListWire } from "../../src/hosting/account/schemas.js";
import { slicedList } from "../../src/hosting/sliced-list.js";
import { ITEMS_PER_TURN as ITEMS_PER_SLICE } from "../../src/runtime/background-turn.js";
import { turnsDuring } from "../helpers/turns.js";

const item = z
  .object({ name: z.string(), used: z.number() })
  .transform((c) => ({ label: c.name, bytes: c.used }));
const list = z.object({ clients: slicedList(item) });

function clients(n: number): { name: string; used: number }[] {
  return Array.from({ length: n }, (_, i) => ({ name: `c${i}`, used: i }));
}

describe("a long hosting list is validated in slices", () => {
  it("gives the event loop back between slices and keeps every item, transformed, in order", async () => {
    const n = ITEMS_PER_SLICE * 4 + 7;
    const { result: parsed, turns } = await turnsDuring(() => list.safeParseAsync({ clients: clients(n) }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.clients).toHaveLength(n);
    expect(parsed.data?.clients[n - 1]).toEqual({ label: `c${n - 1}`, bytes: n - 1 });
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it("fails the whole list on one bad item and names its index", async () => {
    const bad: unknown[] = clients(ITEMS_PER_SLICE + 300);
    bad[ITEMS_PER_SLICE + 200] = { name: "x", used: "lots" };
    const parsed = await list.safeParseAsync({ clients: bad });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([["clients", ITEMS_PER_SLICE + 200, "used"]]);
  });

  it("is only read asynchronously: a synchronous parse of a listing refuses", () => {
    expect(() => clientListWire.safeParse({ inbound_id: 1, count: 0, clients: [] })).toThrow();
  });
});
