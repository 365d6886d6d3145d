import type { Api } from "grammy";
import { type Config, cabinetUrl } from "../config.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Logger } from "../runtime/logger.js";

/**
 * The bot's menu button (beside the message field) opens the cabinet when WEBAPP_URL is set. It is
 * one button for every chat, so its text is in the default language. A refusal is logged, not fatal:
 * the /start and /my buttons still open the cabinet.
 */
export async function setCabinetMenuButton(
  api: Pick<Api, "setChatMenuButton">,
  config: Pick<Config, "webappUrl" | "defaultLocale">,
  i18n: I18nLike,
  logger: Logger,
): Promise<void> {
  const url = cabinetUrl(config);
  if (!url) return;
  const text = i18n.t(config.defaultLocale, "webapp-menu-button");
  await api
    .setChatMenuButton({ menu_button: { type: "web_app", text, web_app: { url } } })
    .catch((err: unknown) => logger.warn({ err }, "could not set the cabinet's menu button"));
}
