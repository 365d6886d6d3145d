import { Composer, type Context, type MiddlewareFn } from "grammy";
import { describe, expect, it } from "vitest";
import { chain, when } from "../../src/bot/filters.js";

/** A context stand-in: chain and when only pass it along. */
const ctx = {} as Context;

describe("chain: middleware in order without grammY's wrappers", () => {
  it("runs each layer in order, the outer one around the rest, then the caller's next", async () => {
    const seen: string[] = [];
    const around =
      (name: string): MiddlewareFn<Context> =>
      async (_c, next) => {
        seen.push(`${name} in`);
        await next();
        seen.push(`${name} out`);
      };
    const inner = new Composer<Context>(around("composer"));
    await chain(
      around("a"),
      inner,
      around("b"),
    )(ctx, async () => {
      seen.push("next");
    });
    expect(seen).toEqual(["a in", "composer in", "b in", "next", "b out", "composer out", "a out"]);
  });

  it("stops where a layer does not call next", async () => {
    const seen: string[] = [];
    await chain<Context>(
      () => {
        seen.push("takes it");
      },
      () => {
        seen.push("never");
      },
    )(ctx, async () => {
      seen.push("next");
    });
    expect(seen).toEqual(["takes it"]);
  });

  it("turns a layer's synchronous throw into a rejection its caller can await", async () => {
    const layered = chain<Context>(
      (_c, next) => next(),
      () => {
        throw new Error("boom");
      },
    );
    let returned: unknown;
    expect(() => {
      returned = layered(ctx, async () => {});
    }).not.toThrow();
    await expect(returned).rejects.toThrow("boom");
  });

  it("passes a rejection of a later layer up through the earlier ones", async () => {
    const caught: string[] = [];
    const layered = chain<Context>(
      async (_c, next) => {
        try {
          await next();
        } catch (err) {
          caught.push((err as Error).message);
          throw err;
        }
      },
      async () => {
        throw new Error("later");
      },
    );
    await expect(layered(ctx, async () => {})).rejects.toThrow("later");
    expect(caught).toEqual(["later"]);
  });

  it("with no layers goes straight on; when() skips its layers for updates it refuses", async () => {
    let went = 0;
    await chain<Context>()(ctx, async () => {
      went++;
    });
    const skipped: string[] = [];
    await when<Context>(
      () => false,
      () => {
        skipped.push("ran");
      },
    )(ctx, async () => {
      went++;
    });
    expect(went).toBe(2);
    expect(skipped).toEqual([]);
  });
});

describe("chain and a Composer's later routes", () => {
  it("reaches a route added to a Composer after the chain was built", async () => {
    const feature = new Composer<Context>();
    const layered = chain<Context>(feature);
    const seen: string[] = [];
    feature.use(() => {
      seen.push("late route");
    });
    await layered(ctx, async () => {
      seen.push("next");
    });
    expect(seen).toEqual(["late route"]);
  });
});
