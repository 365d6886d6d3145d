/** Every Redis key of the catalog room. The strings are what is stored: do not change them. */

/** The shop-wide settings admins change from the admin menu (hash; settings.ts). */
export const SETTINGS_KEY = "settings:shop";
/** Bumped on every catalog reload, so the other processes reload too (catalog-store.ts). */
export const CATALOG_GENERATION_KEY = "catalog:generation";
