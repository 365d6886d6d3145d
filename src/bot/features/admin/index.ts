import type { BotContext } from "../../context.js";
import { isAdmin, when } from "../../filters.js";
import { Routes } from "../../routes.js";
import { accountConversations, accountFeature, accountView } from "./account/index.js";
import { auditConversations, auditFeature, auditPageView } from "./audit/index.js";
import { broadcastConversations, broadcastFeature, broadcastHomeView } from "./broadcast/index.js";
import { catalogFeature, catalogView } from "./catalog/index.js";
import { channelsConversations, channelsFeature } from "./channels/index.js";
import {
  customersConversations,
  customersFeature,
  customersHomeView,
  failedOrdersFeature,
  failedOrdersView,
  paymentsInboxFeature,
  paymentsInboxView,
  starsRefundFeature,
} from "./customers/index.js";
import { ADMIN_CALLBACK_PREFIX, ADMIN_COMMANDS, adminGuard, adminHere } from "./guard.js";
import { adminHomeFeature, adminSections } from "./home.js";
import { maintenanceConversations, maintenanceFeature, maintenanceView } from "./maintenance/index.js";
import { movesFeature } from "./moves/index.js";
import { nodeConversations, nodeFeature, nodeHomeView } from "./node/index.js";
import { panelConversations, panelFeature, panelHomeView } from "./panel/index.js";
import { railsFeature, railsView } from "./payments/index.js";
import { plansConversations, plansFeature } from "./plans/index.js";
import { promoAdminConversations, promoAdminFeature, promoListView } from "./promo/index.js";
import { referralsFeature, referralsView } from "./referrals/index.js";
import { runwayConversations, runwayFeature, runwayView } from "./runway/index.js";
import { serversFeature, serversView } from "./servers/index.js";
import { settingsConversations, settingsFeature, settingsView } from "./settings/index.js";
import { staffConversations, staffFeature, staffListView } from "./staff/index.js";
import { staffGroupConversations, staffGroupFeature, staffGroupView } from "./staff-group/index.js";
import { statsFeature, statsView } from "./stats/index.js";
import { syncFeature, syncView } from "./sync/index.js";
import { ticketsAdminConversations, ticketsAdminFeature, ticketsListView } from "./tickets/index.js";
import { xuiConversations, xuiUsersFeature } from "./xui/index.js";

adminSections.push({ label: "admin-account", open: accountView, permission: "hosting" });
adminSections.push({ label: "admin-servers", open: (ctx) => serversView(ctx), permission: "hosting" });
adminSections.push({ label: "runway-section", open: (ctx) => runwayView(ctx), permission: "hosting" });
adminSections.push({
  label: "admin-customers",
  open: (ctx) => customersHomeView(ctx),
  permission: "customers.view",
});
adminSections.push({
  label: "admin-failed-orders",
  open: (ctx) => failedOrdersView(ctx),
  permission: "customers.view",
});
adminSections.push({ label: "settings-section", open: (ctx) => settingsView(ctx), permission: "settings" });
adminSections.push({ label: "admin-stats", open: (ctx) => statsView(ctx), permission: "customers.view" });
adminSections.push({
  label: "admin-broadcast",
  open: (ctx) => broadcastHomeView(ctx),
  permission: "broadcast",
});
adminSections.push({ label: "admin-panel", open: (ctx) => panelHomeView(ctx), permission: "hosting" });
adminSections.push({ label: "admin-node", open: (ctx) => nodeHomeView(ctx), permission: "hosting" });
adminSections.push({ label: "admin-catalog", open: (ctx) => catalogView(ctx), permission: "catalog" });
adminSections.push({
  label: "admin-payments",
  open: (ctx) => paymentsInboxView(ctx),
  permission: "customers.view",
});
adminSections.push({ label: "admin-rails", open: (ctx) => railsView(ctx), permission: "customers.view" });
adminSections.push({ label: "admin-sync", open: (ctx) => syncView(ctx), permission: "hosting" });
adminSections.push({ label: "admin-referrals", open: (ctx) => referralsView(ctx), permission: "settings" });
adminSections.push({ label: "admin-promo", open: (ctx) => promoListView(ctx), permission: "promo" });
adminSections.push({
  label: "maintenance-section",
  open: (ctx) => maintenanceView(ctx),
  permission: "settings",
});
// Issue 28: staff and audit screens.
adminSections.push({ label: "admin-staff", open: (ctx) => staffListView(ctx), permission: "staff" });
adminSections.push({ label: "admin-audit", open: (ctx) => auditPageView(ctx, {}), permission: "audit" });
adminSections.push({ label: "admin-tickets", open: (ctx) => ticketsListView(ctx), permission: "tickets" });
adminSections.push({ label: "staff-group-section", open: (ctx) => staffGroupView(ctx), permission: "staff" });

/** Conversations of admin features (entered only from admin-checked handlers). */
export const adminConversations = [
  ...accountConversations,
  ...xuiConversations,
  ...runwayConversations,
  ...customersConversations,
  ...broadcastConversations,
  ...nodeConversations,
  ...panelConversations,
  ...settingsConversations,
  ...promoAdminConversations,
  ...plansConversations,
  ...maintenanceConversations,
  ...channelsConversations,
  ...staffConversations,
  ...auditConversations,
  ...ticketsAdminConversations,
  ...staffGroupConversations,
];

/**
 * Everything admins do; the guard refuses non-admins before any of it runs. Only in an admin's
 * private chat: nothing of it acts in a group.
 */
const adminWing = new Routes<BotContext>();
adminWing.use(adminGuard);
const admins = adminWing.filter(adminHere);
admins.use(adminHomeFeature, accountFeature, serversFeature, xuiUsersFeature, runwayFeature);
admins.use(customersFeature, failedOrdersFeature, starsRefundFeature);
admins.use(settingsFeature);
admins.use(statsFeature, broadcastFeature);
admins.use(panelFeature, movesFeature);
admins.use(nodeFeature);
admins.use(catalogFeature, plansFeature);
admins.use(paymentsInboxFeature, railsFeature);
admins.use(syncFeature);
admins.use(referralsFeature);
admins.use(promoAdminFeature);
admins.use(maintenanceFeature);
admins.use(channelsFeature);
admins.use(staffFeature, auditFeature);
admins.use(ticketsAdminFeature);
admins.use(staffGroupFeature);

/** An admin's update, or one the guard must refuse (an admin button or command from anyone). */
function adminish(ctx: BotContext): boolean {
  if (isAdmin(ctx)) return true;
  const data = ctx.callbackQuery?.data;
  return data !== undefined ? data.startsWith(ADMIN_CALLBACK_PREFIX) : ctx.hasCommand([...ADMIN_COMMANDS]);
}

/** Customers' other updates pass the admin wing at the cost of one check. */
export const adminFeature = when(adminish, adminWing);
