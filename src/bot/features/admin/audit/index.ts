import { type CallbackQueryContext, InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { auditCsvBytes, auditFileName } from "#src/domain/backoffice/index.js";
import type { AuditFilter } from "#src/domain/staff/index.js";
import { Routes } from "../../../routes.js";
import { needsPermission } from "../permissions.js";
import { peopleNames } from "../staff/words.js";
import { AUDIT_PREFIX, auditCb, filterOf } from "./callbacks.js";
import { AUDIT_BY_CUSTOMER, AUDIT_BY_SUBJECT, auditConversations } from "./filters.js";
import { auditPageView, auditStaffPickView, filterLabel } from "./views.js";

export { auditConversations, auditPageView };

// Reading and exporting the log: owners, admins and viewers (guard.ts checks every press).
needsPermission(AUDIT_PREFIX, "audit");

/**
 * Sends the entries of `filter` as a CSV document, streamed from the log into the upload (the
 * whole log is never held in memory).
 */
async function sendCsv(ctx: CallbackQueryContext<BotContext>, filter: AuditFilter): Promise<void> {
  const { staff, clock } = ctx.deps;
  await ctx.answerCallbackQuery({ text: ctx.t("audit-export-started") });
  const names = await peopleNames(ctx);
  const file = new InputFile(auditCsvBytes(staff.audit, filter, names), auditFileName(clock.now()));
  try {
    await ctx.replyWithDocument(file, {
      caption: ctx.t("audit-export-caption", { filter: await filterLabel(ctx, filter) }),
      parse_mode: "HTML",
    });
  } catch (err) {
    ctx.log.error({ err }, "audit export failed");
    await ctx.reply(ctx.t("audit-export-failed"));
  }
}

/** The Audit log section: pages newest first, the filters, and the CSV export of what is shown. */
export const auditFeature = new Routes<BotContext>();

auditFeature.callbackQuery(auditCb.pattern, async (ctx) => {
  const data = auditCb.unpack(ctx.callbackQuery.data);
  if (!data) return ctx.answerCallbackQuery();
  const filter = await filterOf(ctx.kit.nameRefs, data.f);
  switch (data.act) {
    case "page":
      await ctx.answerCallbackQuery(filter ? undefined : { text: ctx.t("audit-filter-expired") });
      return show(ctx, await auditPageView(ctx, filter ?? {}, filter ? data.page : 0));
    case "staff":
      await ctx.answerCallbackQuery();
      return show(ctx, await auditStaffPickView(ctx));
    case "cust":
      await ctx.answerCallbackQuery();
      return enterConversation(ctx, AUDIT_BY_CUSTOMER);
    case "subj":
      await ctx.answerCallbackQuery();
      return enterConversation(ctx, AUDIT_BY_SUBJECT);
    case "csv":
      if (!filter) return ctx.answerCallbackQuery({ text: ctx.t("audit-filter-expired"), show_alert: true });
      return sendCsv(ctx, filter);
  }
});
