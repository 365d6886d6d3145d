import { inviteLink, inviteTermsText } from "../render/invite.js";
import { qrModules } from "./connect.js";
import type { Caller, WebappDeps } from "./context.js";
import type { InviteResponse } from "./schemas-account.js";

/**
 * GET /app/api/invite: the caller's invite link (the chat's /invite link) with its QR code, what
 * inviting gives, and how many friends joined and paid and what it earned. While the catalog pays
 * no referrals there is no link, only the figures.
 */
export async function invite(deps: WebappDeps, caller: Caller): Promise<InviteResponse> {
  const { referrals } = deps.sales;
  const { t } = caller;
  const [terms, stats] = await Promise.all([referrals.terms(), referrals.statsOf(caller.id)]);
  const link = terms ? inviteLink(deps.botUsername, await referrals.codeOf(caller.id)) : null;
  const earned = Math.max(0, stats.earned);
  return {
    ok: true,
    enabled: terms !== undefined,
    link,
    qr: link ? qrModules(link) : null,
    terms_text: terms ? inviteTermsText(t, caller.locale, terms) : null,
    invited: stats.joined,
    invited_text: t("webapp-invite-joined-text", { count: stats.joined }),
    paid: stats.paid,
    paid_text: t("webapp-invite-paid-text", { count: stats.paid }),
    earned,
    earned_text: t("webapp-invite-earned-text", { amount: caller.money(earned) }),
  };
}
