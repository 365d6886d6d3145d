import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { BotConversation } from "#src/bot/conversation-kit.js";
import { askNumber, parseGb } from "#src/bot/kit/index.js";
import { TRAFFIC_PACKAGE_MAX_GB } from "#src/domain/fleet/index.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { serverCardView } from "../servers/index.js";

export const PACKAGE = "admin-runway-package";

/** GB from 0 (0 stops tracking) to the bound; undefined otherwise. */
function parsePackage(text: string): number | undefined {
  const gb = parseGb(text);
  return gb !== undefined && gb <= TRAFFIC_PACKAGE_MAX_GB ? gb : undefined;
}

/**
 * Asks for a server's traffic package in GB (0 or "-" clears it: not tracked), sets it through
 * the fleet's TrafficPackages (the role checked again, the change recorded), then shows the card.
 */
async function packageConversation(conversation: BotConversation, ctx: ConvContext, server: number) {
  const gb = await askNumber(conversation, ctx, ctx.t("runway-ask-package"), {
    parse: parsePackage,
    invalid: ctx.t("runway-package-invalid", { max: TRAFFIC_PACKAGE_MAX_GB }),
    optional: true,
  });
  const view = await conversation.external(async (outer: BotContext) => {
    const value = gb === undefined || gb === 0 ? undefined : gb;
    await outer.deps.fleet.packages.set(server, value, actorOf(outer));
    outer.log.info({ adminId: outer.from?.id, server, gb: value }, "traffic package set");
    const notice =
      value === undefined ? outer.t("runway-package-cleared") : outer.t("runway-package-set", { gb: value });
    const card = await serverCardView(outer, server, notice);
    return { text: card.text, markup: card.keyboard?.inline_keyboard ?? [] };
  });
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Entered only from the admin-checked button on the server card; every answer checked (`hosting`). */
export const runwayConversations = [
  createConversation(hostingDialog("server.package", packageConversation), PACKAGE),
];
