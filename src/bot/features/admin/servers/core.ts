import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { issueConfirmation } from "#src/bot/kit/index.js";
import { show, type View } from "#src/bot/views/show.js";
import { DEFAULT_XRAY_VERSION, XRAY_VERSIONS, type XrayVersion } from "#src/hosting/account/index.js";
import { HostingApiError } from "#src/hosting/errors.js";
import { html } from "#src/render/format.js";
import { actorOf } from "../hosting-staff.js";
import { serversCb } from "./callbacks.js";
import { claim, confirmKeyboard, failureView, navKeyboard, viewOr } from "./common.js";

/** The proxy-core version: pick one, confirm it (naming the installed one as far as known), install. */

const coreKey = (id: number, version: XrayVersion) => `servers:core:${id}:${version}`;

/** The version this bot last installed, or words saying it is not known. */
function currentCoreText(ctx: BotContext, current: string | undefined): string {
  return current === undefined ? ctx.t("servers-core-current-unknown") : html(current);
}

export function coreView(ctx: BotContext, id: number): Promise<View> {
  return viewOr(ctx, id, async () => {
    const server = await ctx.deps.fleet.servers.get(id);
    const current = await ctx.deps.fleet.servers.coreVersion(id);
    const keyboard = new InlineKeyboard();
    for (const version of XRAY_VERSIONS) {
      const label = version === DEFAULT_XRAY_VERSION ? ctx.t("servers-core-default", { version }) : version;
      keyboard.text(label, serversCb.pack({ act: "core-set", server: id, version })).row();
    }
    return {
      text: ctx.t("servers-core-title", { name: html(server.name), current: currentCoreText(ctx, current) }),
      keyboard: navKeyboard(ctx, id, keyboard),
    };
  });
}

/** Names the installed version (as far as known) and the new one; installs only on Yes. */
export function coreConfirmView(ctx: BotContext, id: number, version: XrayVersion): Promise<View> {
  return viewOr(ctx, id, async () => {
    const server = await ctx.deps.fleet.servers.get(id);
    const current = await ctx.deps.fleet.servers.coreVersion(id);
    const token = await issueConfirmation(ctx, coreKey(id, version));
    const yes = serversCb.pack({ act: "core-ok", server: id, version, token });
    return {
      text: ctx.t("servers-core-confirm", {
        name: html(server.name),
        version,
        current: currentCoreText(ctx, current),
        from: current === undefined ? "?" : html(current),
      }),
      keyboard: confirmKeyboard(ctx, ctx.t("servers-core-yes", { version }), yes, id),
    };
  });
}

function coreErrorText(ctx: BotContext, err: unknown): string | undefined {
  if (!(err instanceof HostingApiError)) return undefined;
  if (err.status === 503) return ctx.t("servers-core-not-running");
  if (err.status === 409) return ctx.t("servers-core-no-pin");
  if (err.status === 502) return ctx.t("servers-core-files");
  return undefined;
}

export async function coreDo(
  ctx: BotContext,
  id: number,
  version: XrayVersion,
  token: string,
): Promise<void> {
  if (!(await claim(ctx, token, id, coreKey(id, version)))) return;
  try {
    const installed = await ctx.deps.fleet.servers.installCore(id, version, actorOf(ctx));
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, version: installed }, "proxy core changed");
    await show(ctx, {
      text: ctx.t("servers-core-done", { id, version: html(installed) }),
      keyboard: navKeyboard(ctx, id),
    });
  } catch (err) {
    await show(ctx, failureView(ctx, err, id, coreErrorText(ctx, err)));
  }
}
