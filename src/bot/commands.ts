import type { Api, RawApi } from "grammy";
import type { BotCommand } from "grammy/types";
import { LOCALES, type Locale } from "../config.js";
import type { I18nLike } from "../render/i18n-like.js";

const CUSTOMER_COMMANDS = [
  ...["start", "buy", "my", "status", "wallet", "trial", "promo", "language", "help"],
] as const;
const ADMIN_COMMANDS = ["admin", "login", "servers"] as const;

function list(names: readonly string[], locale: Locale, i18n: I18nLike): BotCommand[] {
  return names.map((command) => ({ command, description: i18n.t(locale, `command-${command}`) }));
}

/**
 * Registers the command menu per language: customers see the shop commands, each admin's
 * private chat also shows the admin commands. The default-language list has no language_code.
 */
export async function registerCommands(
  api: Api<RawApi>,
  i18n: I18nLike,
  defaultLocale: Locale,
  adminIds: readonly number[],
): Promise<void> {
  for (const locale of LOCALES) {
    const language = locale === defaultLocale ? {} : { language_code: locale };
    await api.setMyCommands(list(CUSTOMER_COMMANDS, locale, i18n), {
      scope: { type: "default" },
      ...language,
    });
    for (const adminId of adminIds) {
      await api.setMyCommands(list([...CUSTOMER_COMMANDS, ...ADMIN_COMMANDS], locale, i18n), {
        scope: { type: "chat", chat_id: adminId },
        ...language,
      });
    }
  }
}

/**
 * A staff member's own command menu (their private chat): the admin commands beside the shop's
 * while they are on the staff (`on`), the shop's alone once they leave it.
 */
export async function setStaffCommands(
  api: Api<RawApi>,
  i18n: I18nLike,
  defaultLocale: Locale,
  chatId: number,
  on: boolean,
): Promise<void> {
  const scope = { type: "chat" as const, chat_id: chatId };
  for (const locale of LOCALES) {
    const language = locale === defaultLocale ? {} : { language_code: locale };
    if (on) {
      await api.setMyCommands(list([...CUSTOMER_COMMANDS, ...ADMIN_COMMANDS], locale, i18n), {
        scope,
        ...language,
      });
    } else {
      await api.deleteMyCommands({ scope, ...language });
    }
  }
}
