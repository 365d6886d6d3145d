import type { Subscription } from "../../src/domain/books/index.js";
import {
  BulkMoveRecords,
  BulkMoves,
  type ItemStage,
  type MovedNotice,
  MoveOne,
  type MoveTargetRunway,
} from "../../src/domain/fleet/index.js";
import type { DriftWorld } from "./drift-actions.js";

/** A bulk move runner on the drift world's shop, with the seams the tests need. */
export interface MovesOptions {
  afterStage?: (stage: ItemStage, subscriptionId: string) => Promise<void>;
  targetRunway?: MoveTargetRunway;
  concurrency?: number;
  /** Where the customers' messages go (default: a fresh array per runner). */
  told?: MovedNotice[];
  floorDays?: number;
}

export function movesOn(
  w: DriftWorld,
  options: MovesOptions = {},
): { moves: BulkMoves; told: MovedNotice[] } {
  const { books, terms, provisioning } = w.rooms;
  const told = options.told ?? [];
  const records = new BulkMoveRecords(w.redis, w.clock);
  const one = new MoveOne({
    ...{ redis: w.redis, clock: w.clock, logger: w.deps.logger, records },
    ...{ subscriptions: books.subscriptions, orders: books.orders, provisioner: provisioning.provisioner },
    ...{ chain: terms.terms.chain, changes: terms.changes, freezes: terms.freezes },
    catalog: () => w.catalog,
    notices: { moved: async (n) => void told.push(n) },
    afterStage: options.afterStage,
  });
  const moves = new BulkMoves({
    ...{ clock: w.clock, logger: w.deps.logger, records, one, account: w.deps.hosting.account },
    ...{ panel: w.deps.hosting.panel, owners: books.owners, subscriptions: books.subscriptions },
    customers: books.customers,
    catalog: () => w.catalog,
    targetRunway: options.targetRunway,
    floorDays: async () => options.floorDays ?? 7,
    concurrency: options.concurrency,
    quickSkip: (sub: Subscription) => one.recordSkip(sub),
  });
  return { moves, told };
}

/** Runs move `id` until it stops asking to be run again (the worker's delayed re-runs, at once). */
export async function runToEnd(moves: BulkMoves, id: string, limit = 50): Promise<string> {
  for (let i = 0; i < limit; i++) {
    const end = await moves.run(id);
    if (end !== "again") return end;
  }
  throw new Error(`bulk move ${id} still asks to run again after ${limit} runs`);
}
