import { ARCHIVED } from "../../src/domain/books/index.js";
import { Archiving } from "../../src/domain/settlement/index.js";
import type { ArchivedRecord, ArchiveFiles } from "../../src/store/archive-files.js";
import type { Action, Ctx } from "./ctx.js";

/*
 * Issue 29: archiving old history is a money-state move (ledger entries, orders and payments
 * leave Redis for the archive on disk), so it joins the model: the task runs at random points
 * (alone, two at once, or in a process that dies between the disk write and the Redis step), and
 * a Telegram payment seen before is delivered again afterwards. The invariants then read wallets,
 * ledgers and orders with the archive behind Redis; a replay that credits anything is a violation.
 */

type Variant = "one" | "two at once" | "dies after the disk write";

/** An Archiving of the world whose process dies right after the disk write (before the Redis step). */
function dyingArchiving(c: Ctx, files: ArchiveFiles): Archiving {
  const dying: Pick<ArchiveFiles, "append"> = {
    append: async (subject: number, records: readonly ArchivedRecord[]) => {
      await files.append(subject, records);
      throw new Error("the process died here");
    },
  };
  const { books } = c.w.rooms;
  return new Archiving({
    ...{ redis: c.w.redis, clock: c.w.clock, customers: books.customers, afterDays: 0 },
    archive: dying,
  });
}

/** Delivers charge `chargeId` again as Telegram would; a violation if it moves any money. */
async function replay(c: Ctx, chargeId: string): Promise<void> {
  const inbox = c.w.rooms.settlement.paymentInbox;
  const { wallet } = c.w.rooms.books;
  const entry = await inbox.get(chargeId);
  if (!entry) return;
  const payerId = entry.payerId;
  // The entries naming this charge, not the balance: an action running beside this one (a renewal
  // from the same wallet) may move the balance meanwhile, and that is not the replay's doing.
  const credits = async () =>
    (await wallet.history(payerId, 0, 10_000)).entries.filter((e) => e.ref === chargeId && e.amount > 0)
      .length;
  const before = await credits();
  const payment = { ...entry, updateId: 0, raw: "{}" };
  await inbox.record(payment);
  await inbox.settle(payment);
  const after = await credits();
  if (after !== before)
    c.violation(`payment ${chargeId} delivered again credited it: ${before} -> ${after} entries`);
  const archived = (await c.w.archive.byId(ARCHIVED.payment, chargeId)) !== undefined;
  c.tally(archived ? "an archived payment delivered again" : "a live payment delivered again");
  c.note(`  payment ${chargeId} delivered again${archived ? " (archived)" : ""}: nothing moved`);
}

function archive(c: Ctx) {
  const archiving = c.w.rooms.settlement.archiving;
  const files = c.w.archive;
  if (!archiving) return undefined;
  const variant = c.rng.weighted<Variant>([
    ["one", 3],
    ["two at once", 1],
    ["dies after the disk write", 1],
  ]);
  const again = c.m.charges.length > 0 ? c.rng.pick(c.m.charges) : undefined;
  return {
    label: `archive (${variant})${again ? `, then ${again} delivered again` : ""}`,
    run: async () => {
      if (variant === "two at once") await Promise.all([archiving.run(), archiving.run()]);
      else if (variant === "dies after the disk write")
        await dyingArchiving(c, files)
          .run()
          .catch(() => undefined);
      const counts = await archiving.run();
      c.tally("archived ledger entries", counts.ledger);
      c.tally("archived orders", counts.orders);
      c.tally("archived payments", counts.payments);
      if (again) await replay(c, again);
    },
  };
}

export const ARCHIVE_ACTIONS: Action[] = [{ name: "archive", weight: 3, plan: archive }];
