import { setStaffCommands } from "#src/bot/commands.js";
import type { BotContext } from "#src/bot/context.js";
import { allTranslations } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { Role } from "#src/domain/staff/index.js";
import { roleLabel } from "./words.js";

/**
 * Tells a staff member, in their language, that they joined the staff (with the role and that
 * /admin opens their menu), that their role changed, or that they left it, and puts /admin in
 * their command menu (or takes it out). Queued in the outbox
 * (flood-safe); a person who never opened the bot cannot be written to, which changes nothing.
 */
export async function tellMember(
  ctx: BotContext,
  id: number,
  change: { before: Role | undefined; after: Role | undefined },
): Promise<void> {
  const customer = await ctx.deps.books.customers.get(id).catch(() => undefined);
  const locale = customer?.locale ?? ctx.deps.config.defaultLocale;
  const t: Translate = (key, vars) => ctx.i18n.fluent.translate(locale, key, vars);
  const key =
    change.after === undefined
      ? "staff-told-removed"
      : change.before === undefined
        ? "staff-told-added"
        : "staff-told-changed";
  const text = t(key, { role: roleLabel(t, change.after) });
  try {
    if (ctx.deps.outbox) await ctx.deps.outbox.send({ chatId: id, text });
    else await ctx.api.sendMessage(id, text, { parse_mode: "HTML" });
  } catch (err) {
    ctx.log.warn({ err, staffId: id }, "could not tell a staff member of their role");
  }
  // Their command menu shows /admin while they are staff (the owners' is set at start).
  // Every language, without keeping the ones no customer uses resident (see allTranslations).
  const i18n = allTranslations(ctx.deps.config.defaultLocale);
  await setStaffCommands(ctx.api, i18n, ctx.deps.config.defaultLocale, id, change.after !== undefined).catch(
    (err: unknown) => ctx.log.warn({ err, staffId: id }, "could not set a staff member's command menu"),
  );
}
