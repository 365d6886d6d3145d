import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { InboundChoices } from "#src/domain/fleet/index.js";
import { formatDate, html } from "#src/render/format.js";
import { panelCb } from "./callbacks.js";
import { devicesLimitText, type LocationLabel, limitGbText, panelErrorText } from "./text.js";
import { pickByToggles } from "./toggles.js";

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

/** The choices as the question shows them (plain data: kept in the replay). */
function knownOf(t: Translate, choices: InboundChoices): KnownInbounds {
  switch (choices.source) {
    case "catalog": {
      const label = t("panel-inbound-from-catalog");
      return {
        source: "catalog",
        choices: choices.ids.map((id) => ({ id, label: `${id} · ${label}` })),
        lines: [],
      };
    }
    case "none":
      return { source: "none", choices: [], lines: [] };
    case "unread":
      return { source: "unread", choices: [], lines: [], error: panelErrorText(t, choices.error) };
    case "api":
      return {
        source: "api",
        choices: choices.inbounds.map((i) => ({
          id: i.id,
          label: `${i.id} · ${i.remark || i.protocol || "—"}`,
        })),
        lines: choices.inbounds.map((i) =>
          t("panel-pick-inbound-line", {
            id: i.id,
            remark: html(i.remark || "—"),
            protocol: html(i.protocol || "—"),
            port: i.port === undefined ? "—" : String(i.port),
          }),
        ),
      };
  }
}

/** A location's inbounds: the main panel's read from its API, a connected panel's from the catalog. */
function inboundsOf(conversation: BotConversation, location: LocationLabel): Promise<KnownInbounds> {
  return conversation.external(async (outer: BotContext) =>
    knownOf(outer.t, await outer.deps.fleet.panelClients.inboundChoices(location.id)),
  );
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
  location: LocationLabel,
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
  const picked = await pickByToggles(conversation, ctx, {
    prompt: lines.join("\n"),
    labels: known.choices.map((c) => c.label),
    act: "ib",
    go: "ib-go",
    goWithoutChoices: false,
    none: ctx.t("panel-inbounds-none"),
    typed: (text) => {
      if (text === undefined) return { reply: ctx.t("conv-send-text") };
      const checked = checkTyped(ctx, known, label, text);
      return Array.isArray(checked) ? checked : { reply: checked, html: true };
    },
  });
  if (picked.kind === "typed") return picked.value;
  return picked.indexes.flatMap((i) => known.choices[i]?.id ?? []);
}

export interface CreateSummary {
  name: string;
  locations: (LocationLabel & { inboundIds: string[] })[];
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
      .text(ctx.t("panel-create-yes"), panelCb.pack({ act: "mk-go" }))
      .text(ctx.t("conv-cancel"), panelCb.pack({ act: "pick-x" })),
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
