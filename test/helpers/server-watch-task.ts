import { ShopSettings } from "../../src/domain/catalog/index.js";
import { ServerExtension } from "../../src/domain/fleet/index.js";
import type { AccountApi } from "../../src/hosting/account/index.js";
import {
  createServerWatchTask,
  type ServerWatchDeps,
  type ServerWatchTask,
} from "../../src/workers/server-watch/index.js";
import type { WorkerHarness } from "./worker-harness.js";

/**
 * The server watch as the workers build it, on the worker harness `h` and the hosting `account`:
 * the shop's settings on h's Redis, no admins, English by default; `overrides` replaces any of it.
 */
export function serverWatchTask(
  h: WorkerHarness,
  account: AccountApi,
  overrides: Partial<ServerWatchDeps> = {},
): ServerWatchTask {
  return createServerWatchTask({
    account,
    extension: new ServerExtension({
      hosting: { account },
      redis: h.redis,
      clock: h.clock,
      logger: h.logger,
    }),
    redis: h.redis,
    ...h.rooms,
    outbox: h.outbox,
    settings: new ShopSettings(h.redis),
    i18n: h.i18n,
    clock: h.clock,
    logger: h.logger,
    adminIds: [],
    defaultLocale: "en",
    ...overrides,
  });
}
