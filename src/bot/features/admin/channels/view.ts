import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import type { View } from "#src/bot/views/show.js";
import { GATE_COVERAGES, type GateCoverage, MAX_REQUIRED_CHANNELS } from "#src/domain/catalog/index.js";
import { channelLines } from "#src/render/channel-gate.js";
import { html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { settingsCb } from "../settings/callbacks.js";
import { channelsCb } from "./callbacks.js";

/** Each coverage's name on the screen and on its button. */
export const COVERAGE_LABEL: Record<GateCoverage, string> = {
  trial: "gate-coverage-trial",
  purchases: "gate-coverage-purchases",
  "all-but-renewals": "gate-coverage-all",
};

/**
 * The required channels: what the gate covers (a button per coverage, the current one marked),
 * each channel with its join link (or that it has none) and a Remove button, and Add.
 */
export async function channelsView(ctx: BotContext, note?: string): Promise<View> {
  const { requiredChannels, settings } = ctx.deps.catalog;
  const channels = await requiredChannels.list();
  const coverage = await settings.gateCoverage();
  const lines = note ? [note, ""] : [];
  lines.push(
    ctx.t("gate-admin-title"),
    "",
    ctx.t("gate-admin-coverage", { coverage: ctx.t(COVERAGE_LABEL[coverage]) }),
  );
  lines.push("", channels.length ? channelLines(channels) : ctx.t("gate-admin-none"));
  const unlinked = channels.filter((c) => !c.joinUrl);
  if (unlinked.length)
    lines.push("", ctx.t("gate-admin-no-link", { channels: html(unlinked.map((c) => c.title).join(", ")) }));
  lines.push("", ctx.t("gate-admin-help"));
  const keyboard = new InlineKeyboard();
  for (const c of GATE_COVERAGES) {
    const label = ctx.t(COVERAGE_LABEL[c]);
    keyboard
      .text(c === coverage ? `✅ ${label}` : label, channelsCb.pack({ act: "cover", coverage: c }))
      .row();
  }
  for (const c of channels) {
    keyboard
      .text(ctx.t("gate-admin-remove", { title: c.title }), channelsCb.pack({ act: "rm", chatId: c.id }))
      .row();
  }
  if (channels.length < MAX_REQUIRED_CHANNELS)
    keyboard.text(ctx.t("gate-admin-add"), channelsCb.pack({ act: "add" })).row();
  keyboard.text(ctx.t("gate-admin-back"), settingsCb.pack({ act: "view" })).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}
