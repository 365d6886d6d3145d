import type { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { parseCatalog } from "../../src/domain/catalog/index.js";
import type { ShopRooms } from "../../src/domain/index.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { botEnv, germanyCatalog, germanyShop } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot, stopAll } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { shopOnRedis } from "../helpers/shop-on-redis.js";

export interface WorkerRigOptions {
  /** The bot token of the file's fake Telegram. */
  token: string;
  /** One byte the file's SECRET_KEY is made of (each file its own). */
  secretByte: number;
  /** The prefix of the catalog file's temporary folder. */
  catalogPrefix: string;
}

/**
 * Worker processes of the built app (ROLE=worker) on one Redis, for a file of e2e tests: the fake
 * Telegram and Account API, the Germany shop, and the shop's own services on that Redis (the test
 * sets up customers and pays orders through them, as the bot would). `startWorker()` starts one
 * more process; every one still running is stopped after the file. The fields are there once the
 * file's beforeAll ran.
 */
export function workerRig(options: WorkerRigOptions) {
  const secretKey = Buffer.alloc(32, options.secretByte);
  /** Made by the file's beforeAll. */
  let made: { redis: Redis; queue: OrderQueue; rooms: ShopRooms; clients: HostingClients } | undefined;
  const ready = () => {
    if (!made) throw new Error("the worker rig's beforeAll has not run");
    return made;
  };
  const rig = {
    telegram: new FakeTelegram({ token: options.token }),
    hosting: new FakeAccountApi(),
    running: [] as RunningProcess[],
    /** The environment each worker process starts with. */
    env: {} as Record<string, string>,
    serverId: 0,
    get redis(): Redis {
      return ready().redis;
    },
    get queue(): OrderQueue {
      return ready().queue;
    },
    get rooms(): ShopRooms {
      return ready().rooms;
    },
    get clients(): HostingClients {
      return ready().clients;
    },

    async startWorker(): Promise<RunningProcess> {
      const proc = await startServingBot({ ...rig.env, HTTP_PORT: String(await freePort()) });
      rig.running.push(proc);
      return proc;
    },
  };

  beforeAll(async () => {
    const { telegram, hosting } = rig;
    await telegram.start();
    await hosting.start();
    const { key, serverId, catalogFile } = germanyShop(hosting, options.catalogPrefix);
    rig.serverId = serverId;
    const catalog = parseCatalog(germanyCatalog(serverId));
    const redis = await testRedis();
    rig.env = botEnv(
      { telegram, redis, catalogFile },
      {
        SECRET_KEY: secretKey.toString("base64"),
        ACCOUNT_API_URL: hosting.url,
        ACCOUNT_API_KEY: key,
        LOG_LEVEL: "info",
        ROLE: "worker",
      },
    );
    const queue = new OrderQueue(redis);
    const { rooms, clients } = shopOnRedis(redis, {
      ...{ accountUrl: hosting.url, accountApiKey: key, secretKey, catalog },
      jobs: {
        enqueueOrder: (id) => queue.enqueue(id),
        enqueueTermChange: (id) => queue.enqueueTermChange(id),
      },
    });
    made = { redis, queue, rooms, clients };
  }, 30_000);

  afterAll(async () => {
    await stopAll(rig.running);
    await made?.queue.close();
    await made?.clients.close();
    await Promise.all([rig.telegram.stop(), rig.hosting.stop(), made?.redis.quit()]);
  });

  return rig;
}
