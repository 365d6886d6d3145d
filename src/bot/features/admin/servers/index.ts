import type { BotContext } from "#src/bot/context.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { mayHost } from "../hosting-staff.js";
import { configDo, powerConfirmView, powerDo, regenConfirmView, regenDo } from "./actions.js";
import { type ServersAction, serversCb } from "./callbacks.js";
import { showExpired } from "./common.js";
import { coreConfirmView, coreDo, coreView } from "./core.js";
import { extendConfirmView, extendDo } from "./extend.js";
import { serverCardView, serversView } from "./views.js";

/**
 * The hosting account's servers: a paged list, a card with live stats, power, extension from
 * the balance, the connection config, regenerating it and the proxy-core version. What it does
 * on the hosting side goes through the shop's HostingServers (and ServerExtension).
 */

export { type ServersAction, serversCb } from "./callbacks.js";
export { SERVERS_PER_PAGE, serverCardView, serversView } from "./views.js";

type Confirmed = Extract<ServersAction, { act: "power-ok" | "extend-ok" | "regen-ok" | "core-ok" | "stale" }>;

/** What each confirmed change is in the audit log. */
const CHANGES = {
  "power-ok": "server.power",
  "extend-ok": "server.extend",
  "regen-ok": "server.regenerate",
  "core-ok": "server.core",
} as const;

/** Confirmed actions answer the press themselves (a repeat gets "already done"). */
async function confirmed(ctx: BotContext, data: Confirmed): Promise<void> {
  // The role is checked first (read now): a refusal is the press's own answer.
  if (data.act !== "stale" && !(await mayHost(ctx, CHANGES[data.act]))) return;
  switch (data.act) {
    case "power-ok":
      return powerDo(ctx, data.server, data.action, data.token);
    case "extend-ok":
      return extendDo(ctx, data.server, data.seen, data.token);
    case "regen-ok":
      return regenDo(ctx, data.server, data.token);
    case "core-ok":
      return coreDo(ctx, data.server, data.version, data.token);
    case "stale":
      return ctx.answerCallbackQuery().then(() => showExpired(ctx, data.server));
  }
}

async function route(ctx: BotContext, data: Exclude<ServersAction, Confirmed>): Promise<void> {
  switch (data.act) {
    case "list":
      return show(ctx, await serversView(ctx, data.page));
    case "card":
    case "stats":
      return show(ctx, await serverCardView(ctx, data.server));
    case "power":
      return show(ctx, await powerConfirmView(ctx, data.server, data.action));
    case "extend":
      return show(ctx, await extendConfirmView(ctx, data.server));
    case "config":
      return configDo(ctx, data.server);
    case "regen":
      return show(ctx, await regenConfirmView(ctx, data.server));
    case "core":
      return show(ctx, await coreView(ctx, data.server));
    case "core-set":
      return show(ctx, await coreConfirmView(ctx, data.server, data.version));
  }
}

function isConfirmed(data: ServersAction): data is Confirmed {
  return ["power-ok", "extend-ok", "regen-ok", "core-ok", "stale"].includes(data.act);
}

/** Admin-only (mounted behind the admin filter): `/servers` and every `a.s:` button. */
export const serversFeature = new Routes<BotContext>();

serversFeature.command("servers", async (ctx) => show(ctx, await serversView(ctx, 0)));

serversFeature.callbackQuery(serversCb.pattern, async (ctx) => {
  const data = serversCb.unpack(ctx.callbackQuery.data);
  if (data && isConfirmed(data)) return confirmed(ctx, data);
  await ctx.answerCallbackQuery();
  if (data) return route(ctx, data);
});
