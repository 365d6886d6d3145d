import { readFile } from "node:fs/promises";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { z } from "zod";
import type { Locale } from "../../config.js";
import { currencyExponent, exactMinor } from "./money.js";
import { planOptionFields, planOptionIssues } from "./plan-options.js";

/** The catalog file is wrong: one line with where (line, field) and why. */
export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CatalogError";
  }
}

/**
 * A text the catalog gives per language: `en` and `ru` required, `uk` and `fa` optional (a
 * language without its own text reads the English one: `inLocale`).
 */
const localized = z.object({
  en: z.string().min(1),
  ru: z.string().min(1),
  uk: z.string().min(1).optional(),
  fa: z.string().min(1).optional(),
});
export type LocalizedText = z.output<typeof localized>;

/** `text` in `locale`: its own words, or the English ones where the catalog gives none. */
export function inLocale(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en;
}

/** A plan's title in `locale`; undefined for no plan (one the catalog no longer has). */
export function titleOf(plan: { title: LocalizedText } | undefined, locale: Locale): string | undefined {
  return plan ? inLocale(plan.title, locale) : undefined;
}

/**
 * A location's name shown to customers and admins: `{ en, ru }`, or one string for both (older
 * catalogs and the demo write `name: Frankfurt`).
 */
const locationName = z.union([
  z
    .string()
    .min(1)
    .transform((s) => ({ en: s, ru: s })),
  localized,
]);

const xuiBackend = z.object({
  kind: z.literal("xui"),
  servers: z.array(z.number().int().positive()).min(1, "lists no server"),
  /** Optional name of where these servers are (one location for the customer). */
  name: locationName.optional(),
});

const panelLocation = z.object({
  /** `main` for the main panel itself, otherwise a federation node_id. */
  node: z.union([z.string().min(1), z.number().int().transform(String)]),
  inbound_ids: z.array(z.union([z.string().min(1), z.number().int().transform(String)])).min(1),
  /** Optional display name of the location. */
  name: locationName.optional(),
});

const panelBackend = z.object({
  kind: z.literal("panel"),
  locations: z
    .array(panelLocation)
    .min(1, "lists no location")
    .refine((locs) => new Set(locs.map((l) => l.node)).size === locs.length, "names a location twice"),
  channels: z.array(z.enum(["main", "reality", "bs", "wscdn"])).optional(),
  wg: z.boolean().optional(),
});

const nodeBackend = z.object({
  kind: z.literal("node"),
  /** Optional name of the master node's location. */
  name: locationName.optional(),
});

const backend = z.discriminatedUnion("kind", [xuiBackend, panelBackend, nodeBackend], {
  error: "backend.kind must be xui, panel or node",
});

const idRule = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "must be 1-32 characters of a-z, 0-9, _ and -");

/**
 * A traffic pack a plan sells for the current term (`+gb` on the traffic limit, at `price`):
 * bought like a renewal, it raises the limit and leaves the expiry as it is; a renewal gives the
 * plan's allowance afresh for the new term (packs do not carry over).
 */
const trafficPack = z.object({
  id: idRule,
  gb: z
    .number()
    .positive()
    .max(100_000)
    .refine((gb) => Math.abs(gb * 100 - Math.round(gb * 100)) < 1e-9, "must have at most 2 decimals"),
  price: z.number().positive(),
});

const plan = z.object({
  id: idRule,
  title: localized,
  days: z.number().int().positive(),
  traffic_gb: z.number().min(0).default(0),
  devices: z.number().int().min(0).default(0),
  price: z.number().positive(),
  /**
   * `false`: retired. Not sold to new customers any more (nor as the trial), while the
   * subscriptions bought on it keep renewing on its terms. Absent = on sale.
   */
  on_sale: z.boolean().optional(),
  backend,
  /** Traffic packs sold for the current term of this plan's subscriptions (none: none sold). */
  traffic_packs: z.array(trafficPack).optional(),
  ...planOptionFields,
});

const trial = z.object({
  days: z.number().int().positive(),
  traffic_gb: z.number().min(0),
  plan: z.string(),
});

/**
 * Referral rewards (optional; absent = no referrals): `percent` of each paid purchase or renewal
 * of an invited customer goes to the inviter's wallet (only their first `rewarded_payments`
 * payments when above 0), and `bonus_days` are added to the invited customer's first purchase.
 */
const referral = z
  .object({
    percent: z
      .number()
      .min(0)
      .max(100)
      .default(0)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, "must have at most 2 decimals"),
    bonus_days: z.number().int().min(0).max(365).default(0),
    rewarded_payments: z.number().int().min(0).default(0),
  })
  .refine((r) => r.percent > 0 || r.bonus_days > 0, "gives nothing: set percent or bonus_days above 0");

const catalogSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, "must be XTR or a three-letter currency code"),
    trial: trial.optional(),
    referral: referral.optional(),
    plans: z.array(plan).min(1, "lists no plan"),
  })
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    c.plans.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: "custom", path: ["plans", i, "id"], message: `"${p.id}" is used twice` });
      ids.add(p.id);
      const offMain = multiLocationOffMain(p);
      if (offMain)
        ctx.addIssue({ code: "custom", path: ["plans", i, "backend", "locations"], message: offMain });
      const priceProblem = priceIssue(c.currency, p.price);
      if (priceProblem) ctx.addIssue({ code: "custom", path: ["plans", i, "price"], message: priceProblem });
      for (const { path, message } of packIssues(c.currency, p))
        ctx.addIssue({ code: "custom", path: ["plans", i, "traffic_packs", ...path], message });
      for (const { path, message } of planOptionIssues(p))
        ctx.addIssue({ code: "custom", path: ["plans", i, ...path], message });
    });
    if (c.trial && !ids.has(c.trial.plan)) {
      ctx.addIssue({
        code: "custom",
        path: ["trial", "plan"],
        message: `"${c.trial.plan}" is not a plan id`,
      });
    }
  });

/** Why a catalog price cannot be charged in `currency`, if it cannot. */
function priceIssue(currency: string, price: number): string | undefined {
  if (currency === "XTR" && !Number.isInteger(price)) return "must be a whole number of Stars";
  return inexactPrice(currency, price);
}

/**
 * What is wrong with a plan's traffic packs: an unlimited plan has no limit to raise, a pack id
 * names one pack of the plan, and each price is charged exactly as the plan's is.
 */
function packIssues(
  currency: string,
  p: z.output<typeof plan>,
): { path: (string | number)[]; message: string }[] {
  const packs = p.traffic_packs ?? [];
  if (packs.length > 0 && p.traffic_gb === 0)
    return [
      {
        path: [],
        message: `plan "${p.id}" has unlimited traffic (traffic_gb: 0): it sells no traffic packs`,
      },
    ];
  const issues: { path: (string | number)[]; message: string }[] = [];
  const ids = new Set<string>();
  packs.forEach((pack, j) => {
    if (ids.has(pack.id))
      issues.push({ path: [j, "id"], message: `"${pack.id}" is used twice in this plan` });
    ids.add(pack.id);
    const problem = priceIssue(currency, pack.price);
    if (problem) issues.push({ path: [j, "price"], message: problem });
  });
  return issues;
}

/** Why a price cannot be charged exactly in the currency's smallest unit (invoices count in it). */
function inexactPrice(currency: string, price: number): string | undefined {
  if (exactMinor(currency, price) !== undefined) return undefined;
  const exp = currencyExponent(currency);
  if (Number.isInteger(price) && price > 0 && !Number.isSafeInteger(price * 10 ** exp))
    return `${price} ${currency} is too large to count exactly`;
  const decimals = exp === 0 ? "no decimals" : `at most ${exp} decimals`;
  return `${price} ${currency} is not a whole number of the smallest unit (${decimals})`;
}

/**
 * A panel plan on several locations must include `main`: only the main panel serves the one
 * combined subscription link (spec B, rule 3); without it a customer would get one location's
 * link. A plan on one connected panel alone is fine (its own link is the whole access).
 */
function multiLocationOffMain(p: z.output<typeof plan>): string | undefined {
  if (p.backend.kind !== "panel" || p.backend.locations.length < 2) return undefined;
  if (p.backend.locations.some((l) => l.node === "main")) return undefined;
  return `plan "${p.id}" has several locations but not main: add { node: main, inbound_ids: [...] }, the main panel serves the combined subscription link`;
}

export type Plan = z.output<typeof plan>;
export type TrafficPack = z.output<typeof trafficPack>;
export type PanelLocation = z.output<typeof panelLocation>;
export type Localized = z.output<typeof localized>;
export type ReferralTerms = z.output<typeof referral>;

export interface Catalog {
  currency: string;
  trial: z.output<typeof trial> | undefined;
  plans: readonly Plan[];
  /** Referral rewards; none = referrals are off. */
  referral?: ReferralTerms | undefined;
}

/** A plan sold to new customers (not retired; see `on_sale`). */
export function onSale(plan: Plan): boolean {
  return plan.on_sale !== false;
}

/** The catalog in the shape of the file (what `parseCatalog` reads), e.g. for an export. */
export function catalogDocument(catalog: Catalog): Record<string, unknown> {
  return {
    currency: catalog.currency,
    ...(catalog.trial ? { trial: catalog.trial } : {}),
    ...(catalog.referral ? { referral: catalog.referral } : {}),
    plans: catalog.plans,
  };
}

/**
 * Validates a whole catalog with the file's schema (a plan changed in the bot passes the same
 * checks as one in the file): the catalog, or the first problem as `field: reason`.
 */
export function checkCatalog(
  catalog: Catalog,
): { ok: true; catalog: Catalog } | { ok: false; error: string } {
  const parsed = catalogSchema.safeParse(catalogDocument(catalog));
  if (parsed.success) {
    const c = parsed.data;
    return {
      ok: true,
      catalog: { currency: c.currency, trial: c.trial, plans: c.plans, referral: c.referral },
    };
  }
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  return {
    ok: false,
    error: `${path.length ? path.join(".") : "(top level)"}: ${issue?.message ?? "invalid"}`,
  };
}

/** Parses and validates catalog YAML; errors name the line and the field. */
export function parseCatalog(source: string, fileName = "catalog"): Catalog {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const at = lines.linePos(yamlError.pos[0]);
    throw new CatalogError(`${fileName}:${at.line}: ${yamlError.message.split("\n")[0]}`);
  }
  const parsed = catalogSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
    const line = lineOf(doc.contents, path, lines);
    const field = path.length ? path.join(".") : "(top level)";
    throw new CatalogError(`${fileName}:${line}: ${field}: ${issue?.message ?? "invalid"}`);
  }
  const c = parsed.data;
  return { currency: c.currency, trial: c.trial, plans: c.plans, referral: c.referral };
}

/** Reads and validates the catalog file. */
export async function loadCatalog(file: string): Promise<Catalog> {
  let source: string;
  try {
    source = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CatalogError(`${file}: cannot read the catalog file (${code ?? String(err)})`);
  }
  return parseCatalog(source, file);
}

export function findPlan(catalog: Catalog, id: string): Plan | undefined {
  return catalog.plans.find((p) => p.id === id);
}

/** The traffic packs a plan sells (none for an unlimited plan: the catalog refuses them there). */
export function packsOf(plan: Plan | undefined): readonly TrafficPack[] {
  return plan && plan.traffic_gb > 0 ? (plan.traffic_packs ?? []) : [];
}

/** Pack `packId` of `plan`, if the plan sells it. */
export function findPack(plan: Plan | undefined, packId: string | undefined): TrafficPack | undefined {
  return packId === undefined ? undefined : packsOf(plan).find((p) => p.id === packId);
}

/** Line of the deepest YAML node that exists along `path` (1 when none). */
function lineOf(root: Node | null, path: readonly (string | number)[], lines: LineCounter): number {
  let node: Node | null | undefined = root;
  let best = node?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (!pair) break;
      best = (isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? best;
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof key === "number") {
      node = node.items[key] as Node | null;
    } else break;
    if (node?.range) best = node.range[0];
  }
  return lines.linePos(best).line;
}
