import type { User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateKeys, TRIAL_RECHECK_MS } from "../../src/domain/sales/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import {
  makeSalesRig,
  type SalesRig,
  type ShopAccount,
  startShopAccount,
  xuiShopCatalog,
} from "../helpers/sales-rig.js";
import { inlineKeyboard, telegramViews, textsTo } from "../helpers/telegram-views.js";
import { until } from "../helpers/wait.js";

/*
 * The whole way through the chat with a real order worker on the Account API fake: a trial taken
 * through the gate, paused when its owner leaves the channel (they are told, with Join and Check),
 * resumed by their Check once they are back, and by the watch itself the next time.
 */

const NEWS = -1001000000401;
const fake = new FakeAccountApi();
let shop: ShopAccount;
let rig: SalesRig;

beforeAll(async () => {
  shop = await startShopAccount(fake);
  rig = await makeSalesRig({
    catalog: xuiShopCatalog(shop, { trial: { days: 1, traffic_gb: 1, plan: "de-xui" } }),
    accountUrl: fake.url,
    accountApiKey: shop.key,
  });
  rig.startWorker();
  rig.t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
  expect((await rig.t.deps.sales.gate.addChannel(NEWS, Date.now())).status).toBe("added");
});
afterAll(async () => {
  await rig.close();
  await fake.stop();
});

const { lastAnswer } = telegramViews(() => rig.t);
const press = (from: User, data: string) => rig.t.send(callback(from, data));

/** The watch's next round, as the periodic task runs it (what was cached of the owner expired). */
async function nextRound(owner: User) {
  rig.clock.set(rig.clock.now() + TRIAL_RECHECK_MS + 1);
  await rig.redis.del(gateKeys.member(owner.id, NEWS));
  return rig.t.deps.sales.trialWatch.runDue();
}

describe("a trial taken through the gate, in the chat", () => {
  it("is paused when its owner leaves, and runs again on their Check once they are back", async () => {
    const ann = user(9_410);
    const channels = rig.t.telegram.channels;
    await rig.t.send(command(ann, "/trial"));
    channels.join(NEWS, ann.id);
    await press(ann, "gate:trial:");
    await until(async () =>
      textsTo(rig.t.telegram, ann.id).some((x) => x.includes("Your free trial is ready")),
    );
    const [sub] = await rig.t.deps.books.subscriptions.ofCustomer(ann.id);
    if (sub?.ref.kind !== "xui") throw new Error("no xui trial");
    const client = () => fake.client(sub.ref.kind === "xui" ? sub.ref.serverId : 0, sub.ref.name);
    expect(client()?.enable).toBe(true);

    channels.leave(NEWS, ann.id);
    expect(await nextRound(ann)).toEqual({ paused: 1 });
    expect(client()?.enable).toBe(false);
    const notice = rig.t.telegram
      .callsOf("sendMessage")
      .filter((c) => c.chatId === ann.id)
      .at(-1);
    expect(String(notice?.params.text)).toContain("⏸ Your free trial is paused: you left our channel.");
    expect(inlineKeyboard(notice?.params.reply_markup)).toEqual([
      { text: "➕ Join Shop News", url: "https://t.me/shop_news" },
      { text: "✅ Check", callback_data: "gate:resume:" },
    ]);

    // /my still opens (the gate never stands in front of it).
    await rig.t.send(command(ann, "/my"));
    expect(textsTo(rig.t.telegram, ann.id).at(-1)).not.toContain("join our channel");

    await press(ann, "gate:resume:");
    expect(lastAnswer()).toMatchObject({ text: "You have not joined yet: Shop News", show_alert: true });
    expect(client()?.enable).toBe(false);

    channels.join(NEWS, ann.id);
    await press(ann, "gate:resume:");
    expect(textsTo(rig.t.telegram, ann.id).at(-1)).toBe(
      "▶️ Your free trial is on again. Thank you for staying with us!",
    );
    expect(client()?.enable).toBe(true);

    // Out and back again: this time the watch finds them back and says so itself.
    channels.leave(NEWS, ann.id);
    expect(await nextRound(ann)).toEqual({ paused: 1 });
    channels.join(NEWS, ann.id);
    expect(await nextRound(ann)).toEqual({ resumed: 1 });
    const back = rig.t.telegram
      .callsOf("sendMessage")
      .filter((c) => c.chatId === ann.id)
      .at(-1);
    expect(String(back?.params.text)).toContain("Your free trial is on again");
    expect(client()?.enable).toBe(true);
  });
});
