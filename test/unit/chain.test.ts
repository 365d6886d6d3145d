import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Api, Composer, Context, type MiddlewareFn } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { when } from "../../src/bot/filters.js";
import { chain, Routes } from "../../src/bot/routes.js";

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

const me = { id: 1, is_bot: true, first_name: "Shop", username: "shop_bot" } as UserFromGetMe;
function message(text: string): Context {
  const update: Update = {
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: 5, type: "private", first_name: "A" },
      from: { id: 5, is_bot: false, first_name: "A" },
      text,
      ...(text.startsWith("/")
        ? { entities: [{ type: "bot_command", offset: 0, length: text.length }] }
        : {}),
    },
  };
  return new Context(update, new Api("0:test"), me);
}

describe("Routes: a Composer whose routes are flat layers", () => {
  it("routes a command to its handler and anything else on to next", async () => {
    const routes = new Routes<Context>();
    const seen: string[] = [];
    routes.command("start", () => {
      seen.push("start");
    });
    routes.on("message:text", (c) => {
      seen.push(`text ${c.msg.text}`);
    });
    const handle = routes.middleware();
    const next = async () => {
      seen.push("next");
    };
    await handle(message("/start"), next);
    await handle(message("hello"), next);
    await handle(message("/help"), next);
    expect(seen).toEqual(["start", "text hello", "text /help"]);
  });

  it("waits for an async predicate and takes routes added after its handler was taken", async () => {
    const routes = new Routes<Context>();
    const handle = routes.middleware();
    const seen: string[] = [];
    routes.filter(
      async () => false,
      () => {
        seen.push("refused route");
      },
    );
    routes.filter(
      async () => true,
      (_c, next) => {
        seen.push("taken route");
        return next();
      },
    );
    routes.use(() => {
      seen.push("last");
    });
    await handle(message("x"), async () => {
      seen.push("next");
    });
    expect(seen).toEqual(["taken route", "last"]);
  });

  it("keeps grammY's error boundary: errors inside go to its handler, the rest runs after", async () => {
    const routes = new Routes<Context>();
    const seen: string[] = [];
    routes.errorBoundary(
      (err) => {
        seen.push(`caught ${(err.error as Error).message}`);
      },
      () => {
        throw new Error("inside");
      },
    );
    routes.use(() => {
      seen.push("after the boundary: not reached, the error ended the update there");
    });
    await routes.middleware()(message("x"), async () => {
      seen.push("next");
    });
    expect(seen).toEqual(["caught inside"]);
  });
});

describe("features compose through Routes", () => {
  it("no module of the bot builds a grammY Composer itself (each would bring its async layers back)", () => {
    const root = fileURLToPath(new URL("../../src", import.meta.url));
    const offenders = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.endsWith("routes.ts"))
      .filter((f) => /new Composer\s*[<(]/.test(readFileSync(join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
