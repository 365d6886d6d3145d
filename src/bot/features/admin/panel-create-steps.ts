import { InlineKeyboard } from "grammy";
import { MAIN_LOCATION } from "../../../hosting/panel/index.js";
import { formatDate, html } from "../../../render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import { panelCb } from "./callbacks.js";
import { devicesLimitText, type LocationInfo, limitGbText, panelErrorText, pcb } from "./panel.js";

/**
 * Two steps of the panel's multi-location create dialog: each location's inbounds offered as
 * toggle buttons (the main panel's read from its API; a connected panel's, which the API does not
 * list, from the catalog's panel plans), with typed ids still accepted; and a summary with Create /
 * Cancel before anything is created.
 */

/** Comma- (or space-) separated inbound ids, at least one; undefined when malformed. */
export function parseInboundIds(text: string): string[] | undefined {
  const ids = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0 || ids.some((id) => !/^[A-Za-z0-9_.-]{1,32}$/.test(id))) return undefined;
  return [...new Set(ids)];
}

/** What is known of a location's inbounds (plain data: it is kept in the conversation's replay). */
interface KnownInbounds {
  /** api: read from the panel (typed ids are checked against it); catalog: the plans' ids; none. */
  source: "api" | "catalog" | "none" | "unread";
  choices: { id: string; label: string }[];
  /** The API's inbounds, one line each, for the question. */
  lines: string[];
  error?: string;
}

function inboundsOf(conversation: BotConversation, location: LocationInfo): Promise<KnownInbounds> {
  return conversation.external(async (outer: BotContext): Promise<KnownInbounds> => {
    if (location.id !== MAIN_LOCATION) {
      // The panel API lists only the main panel's inbounds; the catalog knows what its plans use.
      const ids = new Set<string>();
      for (const plan of outer.deps.shop.catalog().plans) {
        if (plan.backend.kind !== "panel") continue;
        for (const l of plan.backend.locations)
          if (l.node === location.id) for (const id of l.inbound_ids) ids.add(id);
      }
      const label = outer.t("panel-inbound-from-catalog");
      const choices = [...ids].map((id) => ({ id, label: `${id} · ${label}` }));
      return { source: choices.length ? "catalog" : "none", choices, lines: [] };
    }
    const panel = outer.deps.hosting.panel;
    if (!panel) return { source: "unread", choices: [], lines: [], error: outer.t("panel-not-configured") };
    try {
      const inbounds = await panel.inbounds();
      return {
        source: "api",
        choices: inbounds.map((i) => ({ id: i.id, label: `${i.id} · ${i.remark || i.protocol || "—"}` })),
        lines: inbounds.map((i) =>
          outer.t("panel-pick-inbound-line", {
            id: i.id,
            remark: html(i.remark || "—"),
            protocol: html(i.protocol || "—"),
            port: i.port === undefined ? "—" : String(i.port),
          }),
        ),
      };
    } catch (err) {
      return { source: "unread", choices: [], lines: [], error: panelErrorText(outer.t, err) };
    }
  });
}

/** Typed ids: malformed, or unknown to a panel whose inbounds were read, is explained. */
function checkTyped(
  ctx: ConvContext,
  known: KnownInbounds,
  location: string,
  text: string,
): string | string[] {
  const ids = parseInboundIds(text);
  if (!ids) return ctx.t("panel-inbounds-invalid");
  if (known.source !== "api") return ids;
  const all = known.choices.map((c) => c.id);
  const unknown = ids.filter((id) => !all.includes(id));
  if (unknown.length === 0) return ids;
  return ctx.t("panel-inbounds-unknown", {
    ids: html(unknown.join(", ")),
    location,
    known: all.length ? html(all.join(", ")) : ctx.t("panel-none"),
  });
}

/**
 * The inbounds of `location` for the new client: toggled with buttons, then Continue; or typed.
 * Cancel (or /cancel) ends the dialog; another button or a command leaves it.
 */
export async function pickInbounds(
  conversation: BotConversation,
  ctx: ConvContext,
  location: LocationInfo,
): Promise<string[]> {
  const known = await inboundsOf(conversation, location);
  const label = html(location.label);
  const lines = [ctx.t("panel-ask-inbounds", { location: label })];
  if (known.source === "api")
    lines.push(...(known.lines.length ? known.lines : [ctx.t("panel-inbounds-empty")]));
  else if (known.source === "unread")
    lines.push(ctx.t("panel-inbounds-unread", { error: known.error ?? "" }));
  else lines.push(ctx.t("panel-inbounds-remote", { location: label }));
  if (known.choices.length) lines.push("", ctx.t("panel-inbounds-tap"));
  const prompt = lines.join("\n");
  const chosen = new Set<number>();
  const keyboard = () => {
    const kb = new InlineKeyboard();
    known.choices.forEach((c, i) => {
      kb.text(`${chosen.has(i) ? "✅" : "⬜"} ${c.label}`, pcb("ib", "", String(i))).row();
    });
    if (known.choices.length) kb.text(ctx.t("panel-pick-go"), pcb("ib-go"));
    return kb.text(ctx.t("conv-cancel"), pcb("pick-x"));
  };
  await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: keyboard() });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const data = answer.callbackQuery?.data;
    const text = answer.message?.text;
    const pressed = data === undefined ? undefined : panelCb.unpack(data);
    if (pressed?.act === "pick-x" || text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("cancelled"));
      return conversation.halt();
    }
    if (pressed?.act === "ib") {
      const i = Number(pressed.arg);
      if (Number.isInteger(i) && i >= 0 && i < known.choices.length) {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
      }
      await answer.answerCallbackQuery();
      await answer
        .editMessageText(prompt, { parse_mode: "HTML", reply_markup: keyboard() })
        .catch(() => undefined);
      continue;
    }
    if (pressed?.act === "ib-go") {
      if (chosen.size === 0) {
        await answer.answerCallbackQuery({ text: answer.t("panel-inbounds-none"), show_alert: true });
        continue;
      }
      await answer.answerCallbackQuery();
      return known.choices.filter((_c, i) => chosen.has(i)).map((c) => c.id);
    }
    if (answer.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
    if (text === undefined) {
      await answer.reply(answer.t("conv-send-text"));
      continue;
    }
    const checked = checkTyped(ctx, known, label, text.trim());
    if (Array.isArray(checked)) return checked;
    await answer.reply(checked, { parse_mode: "HTML" });
  }
}

export interface CreateSummary {
  name: string;
  locations: (LocationInfo & { inboundIds: string[] })[];
  days: number;
  /** Absolute term, Unix seconds. */
  expiresAt: number;
  trafficGb: number;
  devices: number;
}

/** Shows what will be created and waits for Create (true) or Cancel (the dialog ends). */
export async function confirmCreate(
  conversation: BotConversation,
  ctx: ConvContext,
  s: CreateSummary,
): Promise<true> {
  const locale = await localeOf(ctx);
  const text = [
    ctx.t("panel-create-summary", { name: html(s.name) }),
    ...s.locations.map((l) =>
      ctx.t("panel-create-summary-row", { location: html(l.label), inbounds: html(l.inboundIds.join(", ")) }),
    ),
    ctx.t("panel-create-summary-term", { days: s.days, date: formatDate(locale, s.expiresAt * 1000) }),
    ctx.t("panel-create-summary-limits", {
      traffic: limitGbText(ctx.t, locale, s.trafficGb),
      devices: devicesLimitText(ctx.t, locale, s.devices),
    }),
  ].join("\n");
  await ctx.reply(text, {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard()
      .text(ctx.t("panel-create-yes"), pcb("mk-go"))
      .text(ctx.t("conv-cancel"), pcb("pick-x")),
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const data = answer.callbackQuery?.data;
    const text = answer.message?.text;
    const pressed = data === undefined ? undefined : panelCb.unpack(data);
    if (pressed?.act === "mk-go") {
      await answer.answerCallbackQuery();
      return true;
    }
    if (pressed?.act === "pick-x" || text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("cancelled"));
      return conversation.halt();
    }
    if (answer.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
    await answer.reply(answer.t("panel-create-use-buttons"));
  }
}
