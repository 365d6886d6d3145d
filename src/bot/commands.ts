import type { Api, RawApi } from "grammy";
import type { BotCommand } from "grammy/types";
import { LOCALES, type Locale } from "../config.js";

const CUSTOMER_COMMANDS = ["start", "buy", "my", "wallet", "trial", "language", "help"] as const;
const ADMIN_COMMANDS = ["admin", "login", "servers"] as const;

type Translate = (locale: Locale, key: string) => string;

function list(names: readonly string[], locale: Locale, t: Translate): BotCommand[] {
  return names.map((command) => ({ command, description: t(locale, `command-${command}`) }));
}

/**
 * Registers the command menu per language: customers see the shop commands, each admin's
 * private chat also shows the admin commands. The default-language list has no language_code.
 */
export async function registerCommands(
  api: Api<RawApi>,
  t: Translate,
  defaultLocale: Locale,
  adminIds: readonly number[],
): Promise<void> {
  for (const locale of LOCALES) {
    const language = locale === defaultLocale ? {} : { language_code: locale };
    await api.setMyCommands(list(CUSTOMER_COMMANDS, locale, t), { scope: { type: "default" }, ...language });
    for (const adminId of adminIds) {
      await api.setMyCommands(list([...CUSTOMER_COMMANDS, ...ADMIN_COMMANDS], locale, t), {
        scope: { type: "chat", chat_id: adminId },
        ...language,
      });
    }
  }
}
