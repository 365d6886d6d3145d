import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";

/**
 * Middleware without grammY's per-layer wrappers (issue 29). A Composer puts two async functions
 * around every `use` and a third, with a new Composer, around every route it tries (`command`,
 * `callbackQuery`, `on`...); an update waiting on Telegram held about fifty such suspended frames
 * and their promises through every young-generation collection, and with hundreds of updates in
 * flight that copying was most of the bot's CPU above a bare grammY bot's. Here a layer is a plain
 * call and a route a predicate checked in place; the order, `next` and errors behave as grammY's.
 */

/** A layer as a function; a Composer is asked for its handler on each update, as grammY does. */
function layerOf<C extends Context>(m: Middleware<C>): MiddlewareFn<C> {
  return typeof m === "function" ? m : (ctx, next) => m.middleware()(ctx, next);
}

/** Runs `layers` (read when an update comes: layers added later count) in order, then `next`. */
function run<C extends Context>(layers: readonly MiddlewareFn<C>[]): MiddlewareFn<C> {
  return (ctx, next) => {
    const step = (i: number): Promise<void> => {
      const layer = layers[i];
      if (!layer) return next();
      try {
        const result = layer(ctx, () => step(i + 1));
        return result instanceof Promise ? (result as Promise<void>) : Promise.resolve();
      } catch (err) {
        // A layer's synchronous throw reaches its callers as a rejection, as from an async one.
        return Promise.reject(err);
      }
    };
    return step(0);
  };
}

/** `middleware` in order, each one's `next` the rest, as one Composer would run them. */
export function chain<C extends Context>(...middleware: Middleware<C>[]): MiddlewareFn<C> {
  const layers = middleware.map(layerOf);
  const [only] = layers;
  return layers.length === 1 && only ? only : run(layers);
}

/**
 * A Composer whose `use` and routes (every grammY shortcut goes through `use` or `filter`) add
 * flat layers: use it wherever features are composed.
 */
export class Routes<C extends Context> extends Composer<C> {
  private readonly layers: MiddlewareFn<C>[];
  private readonly handle: MiddlewareFn<C>;

  constructor(...middleware: Middleware<C>[]) {
    super();
    this.layers = middleware.map(layerOf);
    this.handle = run(this.layers);
  }

  override use(...middleware: Middleware<C>[]): Composer<C> {
    const routes = new Routes<C>(...middleware);
    this.layers.push(routes.middleware());
    return routes;
  }

  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Middleware<D>[]): Composer<D>;
  override filter(
    predicate: (ctx: C) => boolean | Promise<boolean>,
    ...middleware: Middleware<C>[]
  ): Composer<C>;
  override filter(
    predicate: (ctx: C) => boolean | Promise<boolean>,
    ...middleware: Middleware<C>[]
  ): Composer<C> {
    const routes = new Routes<C>(...middleware);
    const inner = routes.middleware();
    this.layers.push((ctx, next) => {
      const taken = predicate(ctx);
      if (taken instanceof Promise) return taken.then((yes) => (yes ? inner(ctx, next) : next()));
      return taken ? inner(ctx, next) : next();
    });
    return routes;
  }

  override middleware(): MiddlewareFn<C> {
    return this.handle;
  }
}
