import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { myCb } from "../../src/render/shop-callbacks.js";
import { DAY } from "../../src/runtime/clock.js";
import { createTrafficTask } from "../../src/workers/traffic.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { type FakeHostingClients, hostingClientsFor } from "../helpers/fake-hosting.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { keyboardOf, telegramViews } from "../helpers/telegram-views.js";
import { sleep } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Issue 26: the traffic warnings of a plan that sells traffic packs offer "Add traffic" (the
 * subscription's card, with its packs), and a pack that raised the term's allowance re-arms them
 * for the new limit (the term's expiry did not move, so the old keys alone would stay spent).
 */

const GB = 1024 ** 3;
const T0 = Date.UTC(2026, 2, 2, 12, 0);
const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
const nodeFake = new FakeNodeApi();
let h: WorkerHarness;
let hosting: FakeHostingClients;
let serverId = 0;

const catalog = (servers: number[]): Catalog => ({
  currency: "XTR",
  trial: undefined,
  plans: [
    {
      id: "de-xui",
      title: { en: "Germany", ru: "Германия" },
      days: 30,
      traffic_gb: 10,
      devices: 0,
      price: 150,
      traffic_packs: [{ id: "plus50", gb: 50, price: 40 }],
      backend: { kind: "xui", servers },
    },
  ],
});

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  accountFake.addAccount({ login: "shop", password: "pw" });
  const key = accountFake.addKey("shop");
  serverId = accountFake.addServer("shop", { type: "xui" }).id;
  hosting = hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake });
  h = await createWorkerHarness({ now: T0, hosting, catalog: catalog([serverId]) });
  h.startOutbox({ perChatGapMs: 50 });
});
afterAll(async () => {
  await h.close();
  await hosting.node.close();
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
});

const { sendsTo, textsTo } = telegramViews(() => h);

describe("traffic warnings and packs", () => {
  it("offer Add traffic, and warn again once a pack raised the limit and it runs out too", async () => {
    const chat = 81_001;
    await seedCustomer(h.rooms, chat, "en");
    accountFake.addClient(serverId, { email: "packed", totalGb: 10 });
    const sub = await seedSubscription(h.rooms, "o-pack1", {
      customerId: chat,
      planId: "de-xui",
      ref: { kind: "xui", serverId, name: "packed" },
      links: { links: [], subscriptionUrl: undefined },
      expiresAt: T0 + 20 * DAY,
      trafficGb: 10,
      trial: false,
    });
    const task = createTrafficTask({
      ...h.rooms,
      redis: h.redis,
      outbox: h.outbox,
      i18n: h.i18n,
      clock: h.clock,
      logger: h.logger,
    });
    accountFake.setUsage(serverId, "packed", 0, 10 * GB);
    expect((await task.run()).queued).toEqual({ 80: 0, 100: 1 });
    await h.drainOutbox();
    await sleep(100);
    const buttons = keyboardOf(sendsTo(chat)[0]);
    expect(buttons.map((b) => b.text)).toEqual(["🔄 Renew / top up", "➕ Add traffic"]);
    expect(myCb.unpack(buttons[1]?.callback_data)).toEqual({ act: "card", id: sub.id });

    // A pack of 50 GB lands (the record's allowance and the client's limit), then runs out too.
    await h.rooms.books.subscriptions.setAllowance(sub.id, 60);
    await h.rooms.provisioning.provisioner("xui").setTrafficLimits(sub.ref, { "": 60 });
    accountFake.setUsage(serverId, "packed", 0, 49 * GB);
    expect((await task.run()).queued).toEqual({ 80: 1, 100: 0 });
    accountFake.setUsage(serverId, "packed", 0, 60 * GB);
    expect((await task.run()).queued).toEqual({ 80: 0, 100: 1 });
    expect((await task.run()).queued).toEqual({ 80: 0, 100: 0 });
    await h.drainOutbox();
    await sleep(100);
    expect(textsTo(chat)).toHaveLength(3);
    expect(textsTo(chat)[2]).toContain("60 GB of 60 GB used");
  });
});
