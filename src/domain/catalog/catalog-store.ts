import type { ChainableCommander, Redis } from "ioredis";
import { stringify } from "yaml";
import type { Logger } from "../../runtime/logger.js";
import { type AuditEntry, auditSubject, writeAuditIn } from "../staff/index.js";
import {
  type Catalog,
  CatalogError,
  catalogDocument,
  checkCatalog,
  loadCatalog,
  type Plan,
} from "./catalog.js";
import { CATALOG_GENERATION_KEY } from "./keys.js";
import {
  differences,
  type PlanDifference,
  type PlanEdit,
  PlanEdits,
  planDiff,
  planFingerprint,
  withEdits,
} from "./plan-edits.js";
import { type ConfiguredBackends, forSale, offSaleMessages, type Sale } from "./sale.js";
import type { StaffActor } from "./staff-actor.js";

/** A staff member's plan change, as its audit record is made once the plan saved is known. */
type PlanRecord = (saved: Plan | undefined) => AuditEntry;

/** Bumped on every reload, so the other processes (ROLE=bot / ROLE=worker) reload too. */
const GENERATION = CATALOG_GENERATION_KEY;
const FOLLOW_EVERY_MS = 30_000;

/**
 * `differences`: plans where the file just read and the bot's edits differ; the bot's edit is in
 * force for each until an admin takes the file's (see `useFile`, `keepEdit`).
 */
export type ReloadResult =
  | { ok: true; catalog: Catalog; differences: PlanDifference[] }
  | { ok: false; error: string };

/** A plan change from the bot: saved (its new version), refused by the checks, or raced. */
export type PlanSave =
  | { ok: true; version: number }
  | { ok: false; reason: "invalid"; error: string }
  | { ok: false; reason: "changed-meanwhile" };

export interface CatalogStoreOptions {
  /** Extra start-up checks (e.g. a fiat currency needs a provider token); a message when not met. */
  check?: (catalog: Catalog) => string | undefined;
  /** Backends with settings; plans on the others are left off sale. All of them when unset. */
  backends?: ConfiguredBackends;
}

/**
 * The catalog in force, reloadable from its file without a restart. A new file must keep the
 * currency (wallet balances are kept in it) and pass the same checks as at start; otherwise the
 * old catalog stays and the reason is returned. Plans whose backend is not configured are kept
 * off sale, at start and after every reload alike.
 *
 * Admins also change plans in the bot: those edits live in Redis over the file (plan-edits.ts)
 * and win over it; a reload reports where the two differ and the admin chooses per plan. A
 * retired plan (`on_sale: false`) stays in the catalog, so its subscriptions keep renewing.
 */
export class CatalogStore {
  private seen: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly check: (catalog: Catalog) => string | undefined;
  private readonly backends: ConfiguredBackends;
  private sale: Sale;
  private fileCatalog: Catalog;
  private edits = new Map<string, PlanEdit>();
  private editsSeen: string | null = null;
  private readonly planEdits: PlanEdits;

  constructor(
    current: Catalog,
    readonly file: string,
    private readonly redis: Redis,
    private readonly logger: Logger,
    options: CatalogStoreOptions = {},
  ) {
    this.check = options.check ?? (() => undefined);
    this.backends = options.backends ?? { panel: true, node: true };
    this.fileCatalog = current;
    this.planEdits = new PlanEdits(redis);
    this.sale = forSale(current, this.backends);
  }

  /** Every plan in force, sold or not (retired, or waiting for settings): the file with the edits. */
  full(): Catalog {
    return withEdits(this.fileCatalog, this.edits);
  }

  /** The bot's edit of a plan, if any. */
  edit(id: string): PlanEdit | undefined {
    return this.edits.get(id);
  }

  /** What a change of plan `id` must name (0: never changed in the bot). */
  version(id: string): Promise<number> {
    return this.planEdits.version(id);
  }

  /** The catalog in force as a catalog file (the seed and backup): plans edited in the bot included. */
  toYaml(): string {
    return stringify(catalogDocument(this.full()), { lineWidth: 0 });
  }

  /**
   * Saves `plan` (changed or new) as the bot's edit, if nobody changed it since version
   * `expected` was read and the catalog with it passes the file's checks. Unchecked: staff save
   * through `savePlanAs`.
   */
  async savePlan(
    plan: Plan,
    expected: number,
    by: number,
    at: number,
    record?: PlanRecord,
  ): Promise<PlanSave> {
    const edits = new Map(this.edits).set(plan.id, { plan, base: this.baseOf(plan.id), by, at, version: 0 });
    const checked = checkCatalog(withEdits(this.fileCatalog, edits));
    if (!checked.ok) return { ok: false, reason: "invalid", error: checked.error };
    const problem = this.check(checked.catalog);
    if (problem) return { ok: false, reason: "invalid", error: problem };
    const saved = checked.catalog.plans.find((p) => p.id === plan.id) ?? plan;
    const edit = { plan: saved, base: this.baseOf(plan.id), by, at };
    return this.write(plan.id, expected, edit, record?.(saved));
  }

  /** The file's plan wins: the bot's edit of `id` is dropped (refused for a plan the file lacks). */
  async useFile(id: string, expected: number, record?: PlanRecord): Promise<PlanSave> {
    const file = this.fileCatalog.plans.find((p) => p.id === id);
    if (!file) return { ok: false, reason: "invalid", error: `${id}: the file has no such plan` };
    return this.write(id, expected, null, record?.(file));
  }

  /** The bot's edit of `id` wins, now over the file as it is (a reload no longer reports it). */
  async keepEdit(id: string, expected: number, record?: PlanRecord): Promise<PlanSave> {
    const edit = this.edits.get(id);
    if (!edit) return { ok: false, reason: "changed-meanwhile" };
    const kept = { plan: edit.plan, base: this.baseOf(id), by: edit.by, at: edit.at };
    return this.write(id, expected, kept, record?.(edit.plan));
  }

  /**
   * `actor` changes plan `id` (see `savePlan`, `useFile`, `keepEdit`): refused (NotPermitted,
   * recorded) unless their role has `catalog` now; the change and its audit record (`plan.edit`,
   * `plan.use-file`, `plan.keep-edit`: the fields before and after) are one step, and a change
   * refused by the checks or raced records nothing.
   */
  async savePlanAs(actor: StaffActor, plan: Plan, expected: number): Promise<PlanSave> {
    const record = await this.recordOf(actor, "plan.edit", plan.id);
    return this.savePlan(plan, expected, actor.id, actor.now(), record);
  }

  async useFileAs(actor: StaffActor, id: string, expected: number): Promise<PlanSave> {
    return this.useFile(id, expected, await this.recordOf(actor, "plan.use-file", id));
  }

  async keepEditAs(actor: StaffActor, id: string, expected: number): Promise<PlanSave> {
    return this.keepEdit(id, expected, await this.recordOf(actor, "plan.keep-edit", id));
  }

  /** Checks `actor` may change plan `id`; the record of the change, from the plan in force now. */
  private async recordOf(actor: StaffActor, action: string, id: string): Promise<PlanRecord> {
    const subject = auditSubject("plan", id);
    const role = await actor.role("catalog", { action, subject });
    const before = this.full().plans.find((p) => p.id === id);
    return (saved) => actor.entryAs(role, { action, subject, ...planDiff(before, saved) });
  }

  private baseOf(id: string): string | null {
    return planFingerprint(this.fileCatalog.plans.find((p) => p.id === id));
  }

  private async write(
    id: string,
    expected: number,
    edit: Omit<PlanEdit, "version"> | null,
    record?: AuditEntry,
  ): Promise<PlanSave> {
    const written = await this.planEdits.put(id, expected, edit, record);
    await this.refreshEdits();
    if (!written.ok) return { ok: false, reason: "changed-meanwhile" };
    this.logger.info(
      { plan: id, version: written.version, dropped: edit === null },
      "plan edited in the bot",
    );
    return { ok: true, version: written.version };
  }

  /** Reads the bot's edits again and puts the catalog with them in force. */
  async refreshEdits(): Promise<void> {
    this.editsSeen = await this.planEdits.generation();
    this.edits = await this.planEdits.all();
    this.apply(this.fileCatalog);
  }

  /** Puts `file` with the edits over it on sale; edits that no longer fit it leave the file alone. */
  private apply(file: Catalog): void {
    this.fileCatalog = file;
    const checked = checkCatalog(withEdits(file, this.edits));
    if (!checked.ok) {
      this.logger.error(
        { error: checked.error },
        "plan edits made in the bot do not fit the catalog file; selling the file alone",
      );
      this.sale = forSale(file, this.backends);
      return;
    }
    this.sale = forSale(checked.catalog, this.backends);
  }

  /** The catalog as sold: only plans (and a trial) that can be delivered here. */
  readonly get = (): Catalog => this.sale.catalog;

  /** Plans of the file left off sale, and why; the trial's plan when the trial is off. */
  offSale(): Pick<Sale, "offSale" | "trialOff"> {
    return { offSale: this.sale.offSale, trialOff: this.sale.trialOff };
  }

  /** Logs one warning per plan off sale (at start; a reload logs its own). */
  warnOffSale(): void {
    for (const line of offSaleMessages(this.file, this.sale)) this.logger.warn(line);
  }

  /** Reads the file again and puts it in force (see the class comment). Unchecked: staff use `reloadAs`. */
  async reload(record?: (sold: Catalog) => AuditEntry): Promise<ReloadResult> {
    this.edits = await this.planEdits.all();
    const result = await this.load();
    if (!result.ok) return result;
    const tx: ChainableCommander = this.redis.multi().incr(GENERATION);
    const replies = await (record ? writeAuditIn(tx, record(this.get())) : tx).exec();
    this.seen = String(replies?.[0]?.[1]);
    const { differ, same } = differences(this.fileCatalog, this.edits);
    // Edits the file now holds as they are (an exported file put back) have done their work.
    for (const edit of same) await this.planEdits.put(edit.plan.id, edit.version, null);
    if (same.length > 0) await this.refreshEdits();
    return { ...result, catalog: this.get(), differences: differ };
  }

  /**
   * `actor` reloads the file (see `reload`): refused (NotPermitted, recorded) unless their role
   * has `catalog` now. A reload put in force is recorded (`catalog.reload`) in the step that tells
   * the other processes; a file that does not load changes nothing and is recorded as failed.
   */
  async reloadAs(actor: StaffActor): Promise<ReloadResult> {
    const action = { action: "catalog.reload", subject: auditSubject("catalog", "file") };
    const role = await actor.role("catalog", action);
    const before = `${this.get().plans.length} plans on sale`;
    const result = await this.reload((sold) =>
      actor.entryAs(role, { ...action, before, after: `${sold.plans.length} plans on sale` }),
    );
    if (!result.ok) await actor.record(role, { ...action, before, note: result.error }, "failed");
    return result;
  }

  /** Starts following reloads made by other processes (checked every 30 s). */
  async follow(everyMs = FOLLOW_EVERY_MS): Promise<void> {
    this.seen = await this.redis.get(GENERATION);
    await this.refreshEdits();
    this.timer = setInterval(() => {
      void this.catchUp().catch((err: unknown) => this.logger.warn({ err }, "catalog follow failed"));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reloads when another process bumped the generation since we last looked. */
  async catchUp(): Promise<void> {
    const generation = await this.redis.get(GENERATION);
    if (generation === this.seen) {
      if ((await this.planEdits.generation()) !== this.editsSeen) await this.refreshEdits();
      return;
    }
    this.seen = generation;
    this.edits = await this.planEdits.all();
    const result = await this.load();
    if (!result.ok)
      this.logger.error({ error: result.error }, "catalog reload by another process failed here");
  }

  private async load(): Promise<ReloadResult> {
    let next: Catalog;
    try {
      next = await loadCatalog(this.file);
    } catch (err) {
      if (err instanceof CatalogError) return { ok: false, error: err.message };
      throw err;
    }
    const currency = this.sale.catalog.currency;
    if (next.currency !== currency) {
      return {
        ok: false,
        error: `${this.file}: currency ${next.currency} differs from ${currency}; wallets are kept in ${currency}, so the currency cannot change without a migration`,
      };
    }
    const problem = this.check(next);
    if (problem) return { ok: false, error: problem };
    const withBotEdits = checkCatalog(withEdits(next, this.edits));
    if (!withBotEdits.ok) {
      return { ok: false, error: `${this.file}: with the plans edited in the bot: ${withBotEdits.error}` };
    }
    this.apply(next);
    this.logger.info({ plans: this.sale.catalog.plans.length }, "catalog reloaded");
    this.warnOffSale();
    return { ok: true, catalog: this.sale.catalog, differences: [] };
  }
}
