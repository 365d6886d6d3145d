/** Every Redis key of the catalog room. The strings are what is stored: do not change them. */

/** The shop-wide settings admins change from the admin menu (hash; settings.ts). */
export const SETTINGS_KEY = "settings:shop";
/** Bumped on every catalog reload, so the other processes reload too (catalog-store.ts). */
export const CATALOG_GENERATION_KEY = "catalog:generation";
/** Plans changed or added in the bot, over the file: plan id -> JSON of the edit (plan-edits.ts). */
export const PLAN_EDITS_KEY = "catalog:plan-edits";
/** Each plan's edit version (plan id -> count), bumped by every change, kept when an edit is dropped. */
export const PLAN_EDIT_VERSIONS_KEY = "catalog:plan-edit-versions";
/** Bumped on every plan edit, so the other processes read the edits again (not the file). */
export const PLAN_EDITS_GENERATION_KEY = "catalog:plan-edits:generation";
/**
 * The shop closed for maintenance (hash; maintenance.ts): the admins' switch (on, since, endsAt,
 * message, by) and what the server watch saw of the hosting account (downSince, lastAt, autoSince,
 * autoTold, autoEnded, autoEndedAt).
 */
export const MAINTENANCE_KEY = "maintenance:shop";
/** The channels the channel gate asks customers to join: chat id -> channel JSON (required-channels.ts). */
export const GATE_CHANNELS_KEY = "settings:gate-channels";
