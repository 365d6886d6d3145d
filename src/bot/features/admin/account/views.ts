import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import { isHostingError } from "#src/hosting/errors.js";
import { formatNumber, html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { ADMIN_HOME, adminHomeButton } from "../home.js";
import { serversCb } from "../servers/callbacks.js";
import { hostingCurrency } from "../settings/hosting-money.js";
import { accountCb } from "./callbacks.js";

const viewData = accountCb.pack({ act: "view" });

export function linkButtons(t: Translate, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard
    .text(t("account-link"), accountCb.pack({ act: "link" }))
    .row()
    .text(t("account-paste-key"), accountCb.pack({ act: "key" }))
    .row();
}

/** Where to go once the account is linked (or /login finds it set): its card, or the admin menu. */
export function linkedKeyboard(t: Translate): InlineKeyboard {
  return new InlineKeyboard().text(t("admin-account"), viewData).text(t("admin-home"), ADMIN_HOME).row();
}

/** Buttons offered when a call answered 401: link again, paste a key, or unlink. */
export function relinkKeyboard(t: Translate): InlineKeyboard {
  return linkButtons(t)
    .text(t("account-unlink"), accountCb.pack({ act: "unlink" }))
    .row();
}

/** The hosting account card, or a way to link one. */
export async function accountView(ctx: BotContext): Promise<View> {
  const { account: hostingAccount } = ctx.deps.fleet;
  const info = await hostingAccount.keyInfo();
  if (info.source === "none") {
    return { text: ctx.t("account-not-linked"), keyboard: adminHomeButton(ctx, linkButtons(ctx.t)) };
  }
  try {
    const account = await hostingAccount.account();
    const [locale, currency] = await Promise.all([localeOf(ctx), hostingCurrency(ctx)]);
    const keyboard = new InlineKeyboard()
      .text(ctx.t("admin-servers"), serversCb.pack({ act: "list", page: 0 }))
      .text(ctx.t("menu-refresh"), viewData)
      .row();
    if (!hostingAccount.fixed) {
      keyboard
        .text(ctx.t("account-relink"), accountCb.pack({ act: "link" }))
        .text(ctx.t("account-unlink"), accountCb.pack({ act: "unlink" }))
        .row();
    }
    return {
      text: ctx.t("account-card", {
        username: account.username ? `@${html(account.username)}` : "—",
        tgid: String(account.tgid),
        balance: formatNumber(locale, account.balance),
        currency: html(currency),
        servers: account.serversTotal,
        prefix: html(info.prefix ?? "—"),
        source: ctx.t(info.source === "env" ? "account-source-env" : "account-source-linked"),
      }),
      keyboard: adminHomeButton(ctx, keyboard),
    };
  } catch (err) {
    if (isHostingError(err, "unauthorized") && !hostingAccount.fixed) {
      return {
        text: ctx.t("hosting-error-unauthorized"),
        keyboard: adminHomeButton(ctx, relinkKeyboard(ctx.t)),
      };
    }
    const keyboard = new InlineKeyboard().text(ctx.t("menu-refresh"), viewData).row();
    return { text: hostingErrorText(ctx.t, err), keyboard: adminHomeButton(ctx, keyboard) };
  }
}

/** Asks before forgetting the linked key. */
export function unlinkConfirmView(ctx: BotContext): View {
  return {
    text: ctx.t("account-unlink-confirm"),
    keyboard: new InlineKeyboard()
      .text(ctx.t("account-unlink-yes"), accountCb.pack({ act: "unlink-yes" }))
      .text(ctx.t("menu-back"), viewData),
  };
}

/** After unlinking: the ways to link again. */
export function unlinkedView(ctx: BotContext): View {
  return { text: ctx.t("account-unlinked"), keyboard: adminHomeButton(ctx, linkButtons(ctx.t)) };
}
