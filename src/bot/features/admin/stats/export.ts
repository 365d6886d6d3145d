import { InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { EXPORT_KINDS, exportCsvBytes, exportFileName } from "#src/domain/backoffice/index.js";

/**
 * Sends the admin the shop's customers, subscriptions and ledger as three CSV documents, each
 * streamed from Redis page by page into the upload (nothing holds a whole file in memory).
 */
export async function sendExports(ctx: BotContext): Promise<void> {
  const { books, clock } = ctx.deps;
  const now = clock.now();
  await ctx.reply(ctx.t("export-started"));
  try {
    for (const kind of EXPORT_KINDS) {
      const file = new InputFile(exportCsvBytes(kind, books, now), exportFileName(kind, now));
      await ctx.replyWithDocument(file, { caption: ctx.t(`export-caption-${kind}`) });
    }
  } catch (err) {
    ctx.log.error({ err }, "export failed");
    await ctx.reply(ctx.t("export-failed"));
  }
}
