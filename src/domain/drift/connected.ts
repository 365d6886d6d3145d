import type { Redis } from "ioredis";
import type { PanelApi, PanelClient } from "../../hosting/panel/index.js";
import type { Logger } from "../../runtime/logger.js";
import { mapLimit } from "../../runtime/map-limit.js";
import type { Subscriptions } from "../books/index.js";
import type { PanelGap } from "./findings.js";
import { driftKeys } from "./keys.js";

/*
 * The connected panel locations, read through the main panel's `fed/lproxy/{node_id}` paths. The
 * spec documents only the per-client read there (`GET .../clients/{name}`); a list of a location's
 * clients (`GET .../clients`) is a fast path used where the panel serves it. Where it does not
 * (404, 405, 501), that is remembered for a day and the shop's own clients there (the
 * subscriptions whose panel ref lists the location) are read one by one, a bounded number per run.
 * Clients made by hand, which the shop does not know, cannot be found that way: orphans on a
 * connected location are found only through its list.
 */

/**
 * The shop's clients read one by one at one connected location in one run, at most; the next runs
 * go on where this one stopped (a location with 1 000 of them is covered in five runs, 75 minutes
 * at the default 15-minute interval), so a big location does not flood the panel with reads.
 */
export const CLIENT_READS_PER_LOCATION = 200;

/** How long "this location serves no client list" is remembered: a panel that gains it is noticed within a day. */
export const NO_LIST_TTL_S = 24 * 60 * 60;

/** A panel location to read: `main` or a connected panel's node_id, with its `fed/lagg` name. */
export interface PanelPlace {
  location: string;
  name?: string | undefined;
}

/** What the one-by-one reads of a location found this run. */
export interface ClientByClient {
  location: string;
  /** The clients found, by the name they were read by. */
  found: Map<string, PanelClient>;
  /** Names whose state is known this run: found, or answered "no such client". */
  known: Set<string>;
  /** Always set: even a location read in full this way cannot show orphans. */
  gap: PanelGap;
}

export interface ConnectedReadsDeps {
  panel: Pick<PanelApi, "listClientsAt" | "at">;
  redis: Redis;
  logger: Logger;
  subscriptions: Pick<Subscriptions, "allIds" | "get">;
  /** Reads in flight at once, all locations together. */
  concurrency: number;
}

/** Reads of the panel's locations: the list where it is served, else the shop's clients one by one. */
export class ConnectedReads {
  constructor(private readonly deps: ConnectedReadsDeps) {}

  /**
   * The clients of a location, or undefined when it serves no list (remembered for NO_LIST_TTL_S,
   * so the route is not asked for on every run). Other failures (timeouts, 5xx) throw.
   */
  async list(location: string): Promise<PanelClient[] | undefined> {
    const { redis } = this.deps;
    if (location !== "main" && (await redis.exists(driftKeys.noList(location)))) return undefined;
    const clients = await this.deps.panel.listClientsAt(location);
    if (clients) return clients;
    await redis.set(driftKeys.noList(location), "1", "EX", NO_LIST_TTL_S);
    this.deps.logger.info(
      { location },
      "drift: the panel serves no client list there; reading clients one by one",
    );
    return undefined;
  }

  /**
   * The shop's clients at each place, read one by one (`findClient`: 404 = absent), at most
   * CLIENT_READS_PER_LOCATION per location from where the last run stopped. A place whose read
   * fails (other than 404) is not read further this run, and starts at the same client next run.
   */
  async clientByClient(places: PanelPlace[]): Promise<ClientByClient[]> {
    if (places.length === 0) return [];
    const { redis } = this.deps;
    const expected = await shopClientsAt(this.deps.subscriptions, new Set(places.map((p) => p.location)));
    const cursors = await redis.hmget(driftKeys.readCursor, ...places.map((p) => p.location));
    const reads = places.map((place, i) => {
      const names = expected.get(place.location) ?? [];
      const batch = nextBatch(names, cursors[i] ?? undefined, CLIENT_READS_PER_LOCATION);
      return {
        place,
        names,
        batch,
        found: new Map<string, PanelClient>(),
        known: new Set<string>(),
        failed: false,
      };
    });
    const pairs = reads.flatMap((r) => r.batch.map((name) => ({ r, name })));
    await mapLimit(pairs, this.deps.concurrency, async ({ r, name }) => {
      if (r.failed) return;
      try {
        const client = await this.deps.panel.at(r.place.location).findClient(name);
        if (client) r.found.set(name, client);
        r.known.add(name);
      } catch (err) {
        if (!r.failed)
          this.deps.logger.warn(
            { err, location: r.place.location },
            "drift: a client read failed; the location is left for the next run",
          );
        r.failed = true;
      }
    });
    for (const r of reads) {
      if (r.failed) continue;
      const last = r.batch.at(-1);
      if (r.names.length <= CLIENT_READS_PER_LOCATION || last === undefined)
        await redis.hdel(driftKeys.readCursor, r.place.location);
      else await redis.hset(driftKeys.readCursor, r.place.location, last);
    }
    return reads.map((r) => ({
      location: r.place.location,
      found: r.found,
      known: r.known,
      gap: gapOf(r.place, r.names.length, r.batch.length, r.failed ? r.known.size : undefined),
    }));
  }
}

function gapOf(
  place: PanelPlace,
  total: number,
  batch: number,
  readBeforeFailing: number | undefined,
): PanelGap {
  const base = { location: place.location, name: place.name, total };
  if (readBeforeFailing !== undefined) return { ...base, reason: "reads_failed", read: readBeforeFailing };
  if (batch < total) return { ...base, reason: "read_limit", read: batch };
  return { ...base, reason: "no_list", read: total };
}

/**
 * The next `limit` of `names` (sorted) after `cursor`, going round to the start: every name is
 * read once in ceil(names / limit) runs. All of them when they fit.
 */
export function nextBatch(names: readonly string[], cursor: string | undefined, limit: number): string[] {
  if (names.length <= limit) return [...names];
  const after = cursor === undefined ? 0 : names.findIndex((n) => n > cursor);
  const from = after < 0 ? 0 : after;
  return Array.from({ length: limit }, (_, i) => names[(from + i) % names.length] as string);
}

/**
 * The shop's client names expected at each of `locations`: the live subscriptions whose panel ref
 * lists the location, sorted (the order the one-by-one reads go round in).
 */
export async function shopClientsAt(
  subscriptions: Pick<Subscriptions, "allIds" | "get">,
  locations: Set<string>,
): Promise<Map<string, string[]>> {
  const names = new Map<string, Set<string>>([...locations].map((l) => [l, new Set()]));
  for await (const ids of subscriptions.allIds()) {
    for (const sub of await Promise.all(ids.map((id) => subscriptions.get(id)))) {
      if (!sub || sub.removedAt !== undefined || sub.ref.kind !== "panel") continue;
      for (const location of sub.ref.locations) names.get(location)?.add(sub.ref.name);
    }
  }
  return new Map([...names].map(([l, set]) => [l, [...set].sort()]));
}
