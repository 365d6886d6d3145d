import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletKeys } from "../../src/domain/books/index.js";
import { inboxKeys } from "../../src/domain/settlement/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { ArchiveFiles } from "../../src/store/archive-files.js";
import { successfulPayment } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";

const dir = mkdtempSync(join(tmpdir(), "archive-replay-"));
const clock = new ManualClock(Date.UTC(2026, 0, 1));
let t: TestBot;
const customer = newUsers(34_000);

beforeAll(async () => {
  t = await createTestBot({ clock, archive: { files: new ArchiveFiles(dir), afterDays: 90 } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a Telegram payment replayed after its record was archived", () => {
  it("credits nothing: the inbox finds the charge in the archive", async () => {
    const buyer = customer();
    await t.deps.books.customers.seen({ id: buyer.id, firstName: "A", locale: "en" });
    const started = await t.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const payment = () => successfulPayment(buyer, `o:${started.order.id}`, 150, "XTR", "stars-archived-1");
    await t.send(payment());
    expect((await t.deps.books.orders.get(started.order.id))?.status).toBe("paid");
    const history = await t.deps.books.wallet.history(buyer.id, 0, 10);
    expect(history.total).toBe(2); // the top-up and the purchase

    clock.advance(120 * DAY);
    const archiving = t.deps.settlement.archiving;
    if (!archiving) throw new Error("no archiving");
    expect((await archiving.run()).payments).toBe(1);
    // Neither the inbox entry nor the ledger's idempotency record of the charge is in Redis now.
    expect(await t.redis.exists(inboxKeys.entry("stars-archived-1"))).toBe(0);
    expect(await t.redis.hexists(walletKeys.applied, "charge:stars-archived-1")).toBe(0);

    await t.send(payment());
    await t.send(payment());
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
    expect(await t.deps.books.wallet.history(buyer.id, 0, 10)).toEqual(history);
    expect(await t.redis.exists(inboxKeys.entry("stars-archived-1"))).toBe(0);
  });

  it("two deliveries of an archived payment at once credit nothing (one's pending record is not the other's ground)", async () => {
    const buyer = customer();
    await t.deps.books.customers.seen({ id: buyer.id, firstName: "B", locale: "en" });
    const charge = "stars-archived-2";
    const payment = () => successfulPayment(buyer, "t:none", 70, "XTR", charge);
    await t.send(payment());
    const balance = await t.deps.books.wallet.balance(buyer.id);
    expect(balance).toBe(70);
    clock.advance(120 * DAY);
    expect((await t.deps.settlement.archiving?.run())?.payments).toBeGreaterThanOrEqual(1);
    const inbox = t.deps.settlement.paymentInbox;
    const entry = await inbox.get(charge);
    if (!entry) throw new Error("no archived entry");
    const again = { ...entry, updateId: 0, raw: "{}" };
    // Before: the second delivery saw the first's fresh pending record as live and credited again.
    const deliver = async () => {
      await inbox.record(again);
      return inbox.settle(again);
    };
    await Promise.all([deliver(), deliver()]);
    await Promise.all([inbox.record(again), inbox.settle(again)]);
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(balance);
    expect(await t.redis.zscore(inboxKeys.pending, charge)).toBeNull();
  });

  it("a settle under way keeps its payment and the charge's ledger key in Redis through an archiving run", async () => {
    const buyer = customer();
    await t.deps.books.customers.seen({ id: buyer.id, firstName: "C", locale: "en" });
    const charge = "stars-archived-3";
    await t.send(successfulPayment(buyer, "t:none", 40, "XTR", charge));
    clock.advance(120 * DAY);
    await t.redis.set(inboxKeys.settling(charge), "1", "PX", 60_000);
    await t.deps.settlement.archiving?.run();
    expect(await t.redis.exists(inboxKeys.entry(charge))).toBe(1);
    expect(await t.redis.hexists(walletKeys.applied, `charge:${charge}`)).toBe(1);
    // The settle under way finds the credit done, by the key the archiving left.
    await t.deps.settlement.paymentInbox.settle({
      chargeId: charge,
      payerId: buyer.id,
      payload: "t:none",
      amount: 40,
    });
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(40);
    await t.redis.del(inboxKeys.settling(charge));
    await t.deps.settlement.archiving?.run();
    expect(await t.redis.exists(inboxKeys.entry(charge))).toBe(0);
  });
});
