import type { User } from "grammy/types";
import type { ManualClock } from "../../src/runtime/clock.js";
import type { FakeAccountApi } from "../fakes/account-api.js";
import type { FakeNodeApi } from "../fakes/node-api.js";
import type { FakePanelApi } from "../fakes/panel-api.js";
import { createTestBot, type TestBot, type TestBotOptions } from "./bot-harness.js";

export interface HostingFakes {
  account: FakeAccountApi;
  panel: FakePanelApi;
  node: FakeNodeApi;
  clock: ManualClock;
}

/**
 * Starts the three fake hosting APIs and a bot run by `admin` on them: the shop's account (1000
 * on its balance) with one xui server (`daysLeft` paid), the panel and the node. `close` stops all.
 */
export async function startHostingAdminBot(
  admin: User,
  fakes: HostingFakes,
  server: { daysLeft?: number } = {},
  options: Pick<TestBotOptions, "moves"> = {},
): Promise<{ t: TestBot; serverId: number; close(): Promise<void> }> {
  const { account, panel, node, clock } = fakes;
  await Promise.all([account.start(), panel.start(), node.start()]);
  account.addAccount({ login: "shop", password: "pw", balance: 1_000 });
  const key = account.addKey("shop");
  const serverId = account.addServer("shop", { type: "xui", name: "Frankfurt-1", ...server }).id;
  const t = await createTestBot({
    adminIds: [admin.id],
    accountUrl: account.url,
    accountApiKey: key,
    panel: { url: panel.url, token: panel.token },
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
    clock,
    ...options,
  });
  const close = async () => {
    await t.close();
    await Promise.all([account.stop(), panel.stop(), node.stop()]);
  };
  return { t, serverId, close };
}
