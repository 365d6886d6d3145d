import type { Locale } from "../config.js";
import type { AccessRef } from "../domain/books/index.js";
import type { Localized, PanelLocation, Plan } from "../domain/catalog/index.js";
import { inLocale } from "../domain/catalog/index.js";
import type { Translate } from "./i18n-like.js";

/** A place a plan's access lives: its catalog name, if any, and its panel node id. */
interface Place {
  name: Localized | undefined;
  /** `main` or a federation node_id (panel plans); undefined for xui and node plans. */
  node: string | undefined;
}

/** Where a plan's access lives: each panel location, or the one named xui/node location. */
function placesOf(plan: Plan): Place[] {
  const b = plan.backend;
  if (b.kind === "panel") return b.locations.map((l: PanelLocation) => ({ name: l.name, node: l.node }));
  return b.name ? [{ name: b.name, node: undefined }] : [];
}

/** A panel location's name in `locale`; without one, "Main location" or "Location <node id>". */
function nameOf(t: Translate, locale: Locale, place: Place): string {
  if (place.name) return inLocale(place.name, locale);
  if (place.node === undefined) return "";
  return place.node === "main" ? t("location-main") : t("location-node", { node: place.node });
}

/** The places of a subscription: its panel locations named by its plan when still sold. */
function placesOfAccess(ref: AccessRef, plan: Plan | undefined): Place[] {
  if (ref.kind !== "panel") return plan && plan.backend.kind === ref.kind ? placesOf(plan) : [];
  const named = plan ? placesOf(plan) : [];
  return ref.locations.map((node) => ({ node, name: named.find((p) => p.node === node)?.name }));
}

/** Customer-facing names of a plan's locations (none for an xui/node plan without a name). */
export function planLocationNames(t: Translate, locale: Locale, plan: Plan): string[] {
  return placesOf(plan).map((p) => nameOf(t, locale, p));
}

/** Customer-facing names of where a subscription's access lives. */
export function accessLocationNames(
  t: Translate,
  locale: Locale,
  ref: AccessRef,
  plan: Plan | undefined,
): string[] {
  return placesOfAccess(ref, plan).map((p) => nameOf(t, locale, p));
}

/** Admin form of a place: the name, with the panel node id when there is one ("Frankfurt (main)"). */
function adminName(t: Translate, locale: Locale, place: Place): string {
  const name = nameOf(t, locale, place);
  return place.node === undefined ? name : `${name} (${place.node})`;
}

/** Admin form of a subscription's locations: names with their node ids. */
export function accessLocationsForAdmin(
  t: Translate,
  locale: Locale,
  ref: AccessRef,
  plan: Plan | undefined,
): string[] {
  return placesOfAccess(ref, plan).map((p) => adminName(t, locale, p));
}

/** Admin form of a panel location with its inbound ids ("Frankfurt (main) [1, 2]"). */
export function panelLocationForAdmin(t: Translate, locale: Locale, location: PanelLocation): string {
  return `${adminName(t, locale, { name: location.name, node: location.node })} [${location.inbound_ids.join(", ")}]`;
}
