import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { AuditEntry, AuditFilter, AuditOutcome } from "#src/domain/staff/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { peopleNames, roleLabel } from "../staff/words.js";
import { auditCb, filterData } from "./callbacks.js";

/** Entries on a page of the Audit log screen. */
export const AUDIT_PAGE_SIZE = 10;
/** Telegram's limit on a message, with room for the header. */
const TEXT_ROOM = 4_000;

const OUTCOME: Record<AuditOutcome, string> = {
  done: "audit-outcome-done",
  refused: "audit-outcome-refused",
  failed: "audit-outcome-failed",
  started: "audit-outcome-started",
  unknown: "audit-outcome-unknown",
};

/** `text` cut to `max` characters (an ellipsis marks the cut), then escaped. */
function short(text: string, max: number): string {
  return html(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

interface LineParts {
  t: Translate;
  locale: Locale;
  name: string | undefined;
  /** Characters kept of each value (names, actions, states, notes). */
  max: number;
}

/** One entry: how it ended, when and who; what on which subject, before → after; why (refused, failed). */
function entryLine(e: AuditEntry, { t, locale, name, max }: LineParts): string {
  const head = t("audit-line", {
    outcome: t(OUTCOME[e.outcome]),
    at: formatDateTime(locale, e.at),
    who: short(name ?? String(e.actorId), max),
    role: roleLabel(t, e.role),
  });
  const what = [`<code>${short(e.action, max)}</code>`, `<code>${short(e.subject, max)}</code>`];
  if (e.before !== undefined || e.after !== undefined)
    what.push(`${short(e.before ?? "—", max)} → ${short(e.after ?? "—", max)}`);
  const note = e.note ? `\n   ↳ <i>${short(e.note, max * 2)}</i>` : "";
  return `${head}\n   ${what.join(" · ")}${note}`;
}

/** What a filter shows, for titles and the export's caption. */
export async function filterLabel(ctx: BotContext, filter: AuditFilter): Promise<string> {
  if (filter.actorId !== undefined) {
    const name = await (await peopleNames(ctx))(filter.actorId);
    return ctx.t("audit-filter-actor", { name: html(name ?? String(filter.actorId)) });
  }
  if (filter.subject !== undefined) return ctx.t("audit-filter-subject", { subject: html(filter.subject) });
  return ctx.t("audit-filter-all");
}

async function pageKeyboard(
  ctx: BotContext,
  filter: AuditFilter,
  page: number,
  pages: number,
): Promise<InlineKeyboard> {
  const f = await filterData(ctx.kit.nameRefs, filter);
  const keyboard = new InlineKeyboard();
  if (page > 0) keyboard.text(ctx.t("audit-page-prev"), auditCb.pack({ act: "page", page: page - 1, f }));
  if (page + 1 < pages)
    keyboard.text(ctx.t("audit-page-next"), auditCb.pack({ act: "page", page: page + 1, f }));
  keyboard
    .row()
    .text(ctx.t("audit-by-staff"), auditCb.pack({ act: "staff", page: 0, f: "" }))
    .text(ctx.t("audit-by-customer"), auditCb.pack({ act: "cust", page: 0, f: "" }))
    .text(ctx.t("audit-by-subject"), auditCb.pack({ act: "subj", page: 0, f: "" }))
    .row();
  if (f !== "") keyboard.text(ctx.t("audit-show-all"), auditCb.pack({ act: "page", page: 0, f: "" }));
  keyboard.text(ctx.t("audit-export"), auditCb.pack({ act: "csv", page: 0, f })).row();
  return adminHomeButton(ctx, keyboard);
}

/** A page of the log, newest first, with paging, the filters and the export. */
export async function auditPageView(ctx: BotContext, filter: AuditFilter, page = 0): Promise<View> {
  const { audit } = ctx.deps.staff;
  let read = await audit.page(filter, page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(read.total / AUDIT_PAGE_SIZE));
  // A page past the end (entries trimmed meanwhile): the last one.
  if (page >= pages) {
    page = pages - 1;
    read = await audit.page(filter, page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
  }
  const [locale, names] = [await localeOf(ctx), await peopleNames(ctx)];
  const header = [
    ctx.t("audit-title", { filter: await filterLabel(ctx, filter) }),
    ctx.t("audit-count", { total: read.total, page: page + 1, pages }),
    "",
  ];
  const named = await Promise.all(read.entries.map(async (e) => ({ e, name: await names(e.actorId) })));
  const render = (max: number) =>
    named.map(({ e, name }) => entryLine(e, { t: ctx.t, locale, name, max })).join("\n\n");
  let body = read.entries.length === 0 ? ctx.t("audit-empty") : render(40);
  // Long values everywhere would pass Telegram's limit: the page then shows less of each.
  if (body.length > TEXT_ROOM - 300) body = render(12);
  return { text: [...header, body].join("\n"), keyboard: await pageKeyboard(ctx, filter, page, pages) };
}

/** The staff to filter by (every member now), each a button to their entries. */
export async function auditStaffPickView(ctx: BotContext): Promise<View> {
  const members = await ctx.deps.staff.roster.list();
  const names = await peopleNames(ctx);
  const keyboard = new InlineKeyboard();
  for (const m of members) {
    const name = (await names(m.id)) ?? String(m.id);
    keyboard
      .text(`${roleLabel(ctx.t, m.role)} · ${name}`, auditCb.pack({ act: "page", page: 0, f: `a${m.id}` }))
      .row();
  }
  keyboard.text(ctx.t("audit-back"), auditCb.pack({ act: "page", page: 0, f: "" })).row();
  return { text: ctx.t("audit-pick-staff"), keyboard: adminHomeButton(ctx, keyboard) };
}
