import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { isAdmin } from "../../filters.js";
import { accountConversations, accountFeature, accountView } from "./account.js";
import { adminGuard } from "./guard.js";
import { adminHomeFeature, adminSections } from "./home.js";
import { serversFeature, serversView } from "./servers.js";
import { xuiConversations, xuiUsersFeature } from "./xui-users.js";

adminSections.push({ label: "admin-account", open: accountView });
adminSections.push({ label: "admin-servers", open: (ctx) => serversView(ctx) });

/** Conversations of admin features (entered only from admin-checked handlers). */
export const adminConversations = [...accountConversations, ...xuiConversations];

/** Everything admins do; the guard refuses non-admins before any of it runs. */
export const adminFeature = new Composer<BotContext>();
adminFeature.use(adminGuard);
const admins = adminFeature.filter(isAdmin);
admins.use(adminHomeFeature, accountFeature, serversFeature, xuiUsersFeature);
