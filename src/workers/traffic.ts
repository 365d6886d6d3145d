import type { Locale } from "../config.js";
import { type Clock, MINUTE } from "../domain/clock.js";
import { GB_BYTES } from "../domain/provisioning/types.js";
import type { ShopServices } from "../domain/services.js";
import type { Subscription } from "../domain/subscriptions.js";
import type { AccountApi } from "../hosting/account.js";
import type { NodeApi } from "../hosting/node.js";
import type { PanelApi } from "../hosting/panel.js";
import type { Logger } from "../logger.js";
import { planTitle } from "../render/access.js";
import { formatBytes, html } from "../render/format.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox, OutboxMessage } from "./outbox.js";
import { type I18nLike, reachable, renewKeyboard, scanExpiries } from "./reminders.js";

export const TRAFFIC_EVERY_MS = 10 * MINUTE;
/** Warning levels in % of the limit, most urgent first. */
export const TRAFFIC_LEVELS = [100, 80] as const;
export type TrafficLevel = (typeof TRAFFIC_LEVELS)[number];

/** Entries read from `subs:expiry` (and subscription records loaded) per page. */
const PAGE = 500;
/** Score of a subscription without expiry in `subs:expiry`. */
const NO_EXPIRY_SCORE = Number.MAX_SAFE_INTEGER;

export interface TrafficDeps {
  services: Pick<ShopServices, "subscriptions" | "customers" | "shop" | "provisioner">;
  /** The bulk reads: one client list per xui server, the main panel's list, the node's list and counters. */
  hosting: {
    account: Pick<AccountApi, "listClients">;
    panel?: Pick<PanelApi, "listClients"> | undefined;
    node?: Pick<NodeApi, "listClients" | "traffic"> | undefined;
  };
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  clock: Clock;
  logger: Logger;
  /** Language of a customer the shop does not know (default "en"). */
  defaultLocale?: Locale;
}

export interface TrafficResult {
  /** Active subscriptions looked at. */
  active: number;
  /** Of those, with a traffic limit and a usage read this round. */
  measured: number;
  queued: Record<TrafficLevel, number>;
  /** Already queued by this process earlier. */
  known: number;
  blocked: number;
  /** Not found in their backend's list (deleted on the hosting side, renamed...). */
  unmatched: number;
  /** Backends (e.g. `xui:3`, `panel`, `node`) whose bulk read failed or that are not configured. */
  skipped: string[];
}

export interface TrafficTask extends PeriodicTask {
  run(): Promise<TrafficResult>;
}

interface Usage {
  usedBytes: number;
  limitBytes: number;
}
type UsageMap = Map<string, Usage>;

export const trafficOnceKey = (subId: string, expiresAt: number, level: TrafficLevel) =>
  `traffic:${subId}:${expiresAt}:${level}`;

/** The highest level `used` has reached of `limit` (0 = unlimited: none). */
export function trafficLevel(usage: Usage): TrafficLevel | undefined {
  if (usage.limitBytes <= 0) return undefined;
  return TRAFFIC_LEVELS.find((level) => usage.usedBytes * 100 >= usage.limitBytes * level);
}

/**
 * Traffic warnings at 80 % and 100 % of the limit, once each per term (keyed by the expiry, so a
 * renewal, which moves the expiry and raises the limit, re-arms them). Usage is read in bulk per
 * backend each round: one `listClients` per xui server, the main panel's `listClients`, the
 * node's `listClients` + `traffic()`; clients are matched by the name in `sub.ref`. A panel
 * access without the main location is read on its own (`state`). A backend whose read fails is
 * skipped this round. When usage jumped past both levels only the 100 % warning is sent.
 */
export function createTrafficTask(deps: TrafficDeps): TrafficTask {
  const fallback = deps.defaultLocale ?? "en";
  /** once-keys queued by this process -> expiry (pruned once the term is over). */
  const queued = new Map<string, number>();

  const message = (sub: Subscription, level: TrafficLevel, usage: Usage, locale: Locale): OutboxMessage => {
    const t = (key: string, vars?: Record<string, string | number>) => deps.i18n.t(locale, key, vars);
    const plan = deps.services.shop.plan(sub.planId);
    const percent = Math.floor((usage.usedBytes * 100) / usage.limitBytes);
    const head = t(`traffic-${level}`, {
      plan: html(planTitle(plan, locale, sub.planId)),
      used: formatBytes(locale, usage.usedBytes),
      limit: formatBytes(locale, usage.limitBytes),
      percent: String(percent),
    });
    const renewable = plan !== undefined && !sub.trial;
    const hint = sub.trial
      ? "traffic-trial-hint"
      : renewable
        ? "traffic-renew-hint"
        : "traffic-not-sold-hint";
    return {
      chatId: sub.customerId,
      text: `${head}\n\n${t(hint)}`,
      keyboard: renewKeyboard(sub, renewable, {
        renew: t("traffic-button-renew"),
        buy: t("traffic-button-buy"),
      }),
      once: trafficOnceKey(sub.id, sub.expiresAt, level),
    };
  };

  const run = async (): Promise<TrafficResult> => {
    const now = deps.clock.now();
    const result: TrafficResult = {
      active: 0,
      measured: 0,
      queued: { 100: 0, 80: 0 },
      known: 0,
      blocked: 0,
      unmatched: 0,
      skipped: [],
    };
    for (const [once, expiresAt] of queued) if (expiresAt !== 0 && expiresAt <= now) queued.delete(once);

    // One bulk read per backend group and round, made when first needed; a failure is remembered.
    const reads = new Map<string, Promise<UsageMap | undefined>>();
    const once = (group: string, read: () => Promise<UsageMap>) => {
      let p = reads.get(group);
      if (!p) {
        p = read().catch((err: unknown) => {
          deps.logger.warn({ err, backend: group }, "traffic: bulk usage read failed; skipped this round");
          result.skipped.push(group);
          return undefined;
        });
        reads.set(group, p);
      }
      return p;
    };
    const notConfigured = (group: string) => {
      if (!reads.has(group)) {
        deps.logger.warn(
          { backend: group },
          "traffic: backend not configured; its subscriptions are skipped",
        );
        result.skipped.push(group);
        reads.set(group, Promise.resolve(undefined));
      }
      return undefined;
    };

    const xuiUsage = (serverId: number) =>
      once(`xui:${serverId}`, async () => {
        const list = await deps.hosting.account.listClients(serverId);
        return new Map(
          list.clients.map((c) => [
            c.email,
            { usedBytes: c.upBytes + c.downBytes, limitBytes: Math.round(c.totalGb * GB_BYTES) },
          ]),
        );
      });
    const panelUsage = () => {
      const panel = deps.hosting.panel;
      if (!panel) return notConfigured("panel");
      return once("panel", async () => {
        const clients = await panel.listClients();
        return new Map(
          clients.map((c) => [
            c.name,
            {
              usedBytes: Math.round(c.trafficUsedGb * GB_BYTES),
              limitBytes: Math.round(c.trafficLimitGb * GB_BYTES),
            },
          ]),
        );
      });
    };
    const nodeUsage = () => {
      const node = deps.hosting.node;
      if (!node) return notConfigured("node");
      return once("node", async () => {
        const [clients, counters] = await Promise.all([node.listClients(), node.traffic()]);
        const used = new Map(counters.map((c) => [c.name, c.upBytes + c.downBytes]));
        return new Map(
          clients.map((c) => [
            c.name,
            { usedBytes: used.get(c.name) ?? 0, limitBytes: Math.round((c.trafficLimitGb ?? 0) * GB_BYTES) },
          ]),
        );
      });
    };

    /** Usage of one access; undefined when its backend was skipped or it is not listed. */
    const usageOf = async (sub: Subscription): Promise<Usage | "unmatched" | undefined> => {
      const ref = sub.ref;
      let map: UsageMap | undefined;
      if (ref.kind === "xui") map = await xuiUsage(ref.serverId);
      else if (ref.kind === "node") map = await nodeUsage();
      else if (ref.locations.includes("main")) map = await panelUsage();
      else {
        // Not on the main panel, so not in its list: read this access where it lives.
        if (!deps.hosting.panel) return notConfigured("panel");
        try {
          return await deps.services.provisioner("panel").state(ref);
        } catch (err) {
          deps.logger.warn({ err, subscription: sub.id }, "traffic: usage read failed; skipped this round");
          return undefined;
        }
      }
      if (!map) return undefined;
      return map.get(ref.name) ?? "unmatched";
    };

    for await (const page of scanExpiries(deps.services.subscriptions, now + 1, NO_EXPIRY_SCORE, PAGE)) {
      const subs = await Promise.all(page.map((e) => deps.services.subscriptions.get(e.id)));
      const limited = subs.filter(
        (s): s is Subscription =>
          s !== undefined && s.trafficGb > 0 && (s.expiresAt === 0 || s.expiresAt > now),
      );
      result.active += subs.filter((s) => s !== undefined).length;
      const due: { sub: Subscription; level: TrafficLevel; usage: Usage }[] = [];
      await Promise.all(
        limited.map(async (sub) => {
          const usage = await usageOf(sub);
          if (usage === "unmatched") result.unmatched++;
          if (usage === undefined || usage === "unmatched") return;
          result.measured++;
          const level = trafficLevel(usage);
          if (level === undefined) return;
          if (queued.has(trafficOnceKey(sub.id, sub.expiresAt, level))) result.known++;
          else due.push({ sub, level, usage });
        }),
      );
      if (due.length === 0) continue;
      const ids = [...new Set(due.map((d) => d.sub.customerId))];
      const customers = new Map(
        await Promise.all(ids.map(async (id) => [id, await deps.services.customers.get(id)] as const)),
      );
      const messages: OutboxMessage[] = [];
      const sent: typeof due = [];
      for (const d of due) {
        const locale = reachable(customers.get(d.sub.customerId), fallback);
        if (!locale) {
          result.blocked++;
          continue;
        }
        messages.push(message(d.sub, d.level, d.usage, locale));
        sent.push(d);
      }
      if (messages.length === 0) continue;
      await deps.outbox.sendMany(messages);
      for (const d of sent) {
        queued.set(trafficOnceKey(d.sub.id, d.sub.expiresAt, d.level), d.sub.expiresAt);
        result.queued[d.level]++;
      }
    }
    if (result.queued[80] + result.queued[100] > 0 || result.skipped.length > 0) {
      deps.logger.info({ ...result }, "traffic warnings checked");
    }
    return result;
  };

  return { name: "traffic", everyMs: TRAFFIC_EVERY_MS, run };
}
