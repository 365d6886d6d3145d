import { describe, expect, it } from "vitest";
import { nextBatch } from "../../src/domain/drift/index.js";

/*
 * Issue 22: a connected location without a client list is read one by one, a bounded batch per
 * run, each run going on after the last name the previous one read.
 */

const names = ["a", "b", "c", "d", "e"];

describe("nextBatch: the names one run reads one by one", () => {
  it("all of them when they fit, whatever the cursor", () => {
    expect(nextBatch(names, undefined, 5)).toEqual(names);
    expect(nextBatch(names, "c", 9)).toEqual(names);
  });

  it("the first `limit` without a cursor, then on after the cursor, round to the start", () => {
    expect(nextBatch(names, undefined, 2)).toEqual(["a", "b"]);
    expect(nextBatch(names, "b", 2)).toEqual(["c", "d"]);
    expect(nextBatch(names, "d", 2)).toEqual(["e", "a"]);
  });

  it("a cursor whose name is gone goes on at the next name after it; past the end, at the start", () => {
    expect(nextBatch(names, "bb", 2)).toEqual(["c", "d"]);
    expect(nextBatch(names, "z", 2)).toEqual(["a", "b"]);
  });

  it("every name is read within ceil(names / limit) runs", () => {
    const many = Array.from({ length: 23 }, (_, i) => `n${String(i).padStart(2, "0")}`);
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let run = 0; run < Math.ceil(many.length / 5); run++) {
      const batch = nextBatch(many, cursor, 5);
      for (const n of batch) seen.add(n);
      cursor = batch.at(-1);
    }
    expect(seen.size).toBe(many.length);
  });
});
