import { InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { issueConfirmation } from "#src/bot/kit/index.js";
import { show, type View } from "#src/bot/views/show.js";
import type { PowerAction, ServerConfig } from "#src/hosting/account/index.js";
import { html } from "#src/render/format.js";
import { actorOf } from "../hosting-staff.js";
import { ownersOnServer, ownersRegenerated, ownersWarning, withOwners } from "../owners-view.js";
import { serversCb } from "./callbacks.js";
import { claim, confirmKeyboard, failureView, navKeyboard, stateText, viewOr } from "./common.js";
import { serverCardView } from "./views.js";

/** Power, the connection config and regenerating it: each confirmed where it changes something. */

// -- power ------------------------------------------------------------------------------------

const powerKey = (id: number, action: PowerAction) => `servers:power:${id}:${action}`;

export function powerConfirmView(ctx: BotContext, id: number, action: PowerAction): Promise<View> {
  return viewOr(ctx, id, async () => {
    const server = await ctx.deps.fleet.servers.get(id);
    const token = await issueConfirmation(ctx, powerKey(id, action));
    // A stop cuts every customer on the server off until it is started again: name them first.
    const warning =
      action === "stop" && server.kind === "xui"
        ? await ownersWarning(ctx, await ownersOnServer(ctx, id), "owners-stop-note")
        : "";
    const yes = serversCb.pack({ act: "power-ok", server: id, action, token });
    return {
      text: withOwners(ctx.t(`servers-power-confirm-${action}`, { name: html(server.name) }), warning),
      keyboard: confirmKeyboard(ctx, ctx.t(`servers-${action}`), yes, id),
    };
  });
}

export async function powerDo(
  ctx: BotContext,
  id: number,
  action: PowerAction,
  token: string,
): Promise<void> {
  if (!(await claim(ctx, token, id, powerKey(id, action)))) return;
  try {
    const result = await ctx.deps.fleet.servers.power(id, action, actorOf(ctx));
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, action, state: result.state }, "server power action");
    const notice = `${ctx.t(`servers-power-done-${action}`)} ${ctx.t("servers-power-state", {
      state: stateText(ctx, result.state),
    })}`;
    await show(ctx, await serverCardView(ctx, id, notice));
  } catch (err) {
    await show(ctx, failureView(ctx, err, id));
  }
}

// -- config -----------------------------------------------------------------------------------

function profileFile(id: number, profile: Record<string, unknown>, name: string): InputFile {
  return new InputFile(Buffer.from(JSON.stringify(profile, null, 2)), `server-${id}-${name}.json`);
}

export async function configDo(ctx: BotContext, id: number): Promise<void> {
  let config: ServerConfig;
  try {
    config = await ctx.deps.fleet.servers.config(id);
  } catch (err) {
    return show(ctx, failureView(ctx, err, id));
  }
  if (config.kind === "xui") {
    return show(ctx, {
      text: ctx.t("servers-config-xui", {
        id,
        url: html(config.panelUrl),
        username: html(config.username),
        password: html(config.password),
        webPath: html(config.webPath),
        node: html(config.nodeAddress),
      }),
      keyboard: navKeyboard(ctx, id),
    });
  }
  await ctx.replyWithDocument(profileFile(id, config.profile, "profile"), {
    caption: ctx.t("servers-config-caption", { id }),
    parse_mode: "HTML",
    reply_markup: navKeyboard(ctx, id),
  });
}

// -- regenerate -------------------------------------------------------------------------------

const regenKey = (id: number) => `servers:regen:${id}`;

export function regenConfirmView(ctx: BotContext, id: number): Promise<View> {
  return viewOr(ctx, id, async () => {
    const server = await ctx.deps.fleet.servers.get(id);
    const token = await issueConfirmation(ctx, regenKey(id));
    // xui: every user of the old inbound stops working, the shop's customers among them.
    const warning =
      server.kind === "xui"
        ? await ownersWarning(ctx, await ownersOnServer(ctx, id), "owners-regen-note")
        : "";
    const yes = serversCb.pack({ act: "regen-ok", server: id, token });
    return {
      text: withOwners(ctx.t(`servers-regen-warning-${server.kind}`, { name: html(server.name) }), warning),
      keyboard: confirmKeyboard(ctx, ctx.t("servers-regen-yes"), yes, id),
    };
  });
}

export async function regenDo(ctx: BotContext, id: number, token: string): Promise<void> {
  if (!(await claim(ctx, token, id, regenKey(id)))) return;
  try {
    const result = await ctx.deps.fleet.servers.regenerate(id, actorOf(ctx));
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, kind: result.kind }, "server config regenerated");
    if (result.kind === "xui") {
      const text =
        result.inboundId === undefined
          ? ctx.t("servers-regen-done-xui-noid")
          : ctx.t("servers-regen-done-xui", { inbound: result.inboundId });
      // Re-issuing their access is not done here; the admin gets the list of those affected.
      const affected = await ownersRegenerated(ctx, await ownersOnServer(ctx, id));
      return show(ctx, { text: withOwners(text, affected), keyboard: navKeyboard(ctx, id) });
    }
    await show(ctx, { text: ctx.t("servers-regen-done-remnanode") });
    await ctx.replyWithDocument(profileFile(id, result.profile, "profile-new"), {
      caption: ctx.t("servers-regen-caption", { id }),
      parse_mode: "HTML",
      reply_markup: navKeyboard(ctx, id),
    });
  } catch (err) {
    await show(ctx, failureView(ctx, err, id));
  }
}
