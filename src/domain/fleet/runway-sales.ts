import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { parseJsonRecord } from "../../store/records.js";
import type { ShortRunwaySale } from "../provisioning/index.js";
import { runwayKeys } from "./keys.js";

const shortSale = z.object({
  planId: z.string().min(1),
  serverId: z.number().int().positive(),
  termDays: z.number().int().positive(),
  runwayDays: z.number().int().nonnegative(),
  at: z.number().int().nonnegative(),
});
export type ShortSale = z.output<typeof shortSale>;

/** Compare-and-delete of a field told of (lua/runway-sale-done.lua). */
const DONE = LuaScript.load(new URL("./lua/runway-sale-done.lua", import.meta.url));

/**
 * Sales that went to a server whose traffic will not last their term (none of the plan's servers
 * would): recorded by the xui placement (one field per plan and server, the latest wins) and
 * taken by the runway alerts, which tell the staff. A field is removed only after its alert was
 * queued, and only if no newer sale wrote it meanwhile.
 */
export class RunwaySales {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async short(sale: ShortRunwaySale): Promise<void> {
    const record: ShortSale = { ...sale, at: this.clock.now() };
    await this.redis.hset(runwayKeys.shortSales, `${sale.planId}:${sale.serverId}`, JSON.stringify(record));
  }

  /** The recorded short sales with their raw fields (for `done`). */
  async pending(): Promise<{ field: string; raw: string; sale: ShortSale }[]> {
    const all = await this.redis.hgetall(runwayKeys.shortSales);
    const out: { field: string; raw: string; sale: ShortSale }[] = [];
    for (const [field, raw] of Object.entries(all)) {
      const sale = parseJsonRecord(raw, shortSale);
      if (sale) out.push({ field, raw, sale });
      else await this.redis.hdel(runwayKeys.shortSales, field);
    }
    return out;
  }

  /** Removes a field told of, unless a newer sale replaced it (compare-and-delete in one step). */
  async done(field: string, raw: string): Promise<void> {
    await DONE.run(this.redis, [runwayKeys.shortSales], [field, raw]);
  }
}
