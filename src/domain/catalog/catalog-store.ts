import type { Redis } from "ioredis";
import type { Logger } from "../../runtime/logger.js";
import { type Catalog, CatalogError, loadCatalog } from "./catalog.js";
import { CATALOG_GENERATION_KEY } from "./keys.js";
import { type ConfiguredBackends, forSale, offSaleMessages, type Sale } from "./sale.js";

/** Bumped on every reload, so the other processes (ROLE=bot / ROLE=worker) reload too. */
const GENERATION = CATALOG_GENERATION_KEY;
const FOLLOW_EVERY_MS = 30_000;

export type ReloadResult = { ok: true; catalog: Catalog } | { ok: false; error: string };

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
 */
export class CatalogStore {
  private seen: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly check: (catalog: Catalog) => string | undefined;
  private readonly backends: ConfiguredBackends;
  private sale: Sale;

  constructor(
    current: Catalog,
    readonly file: string,
    private readonly redis: Redis,
    private readonly logger: Logger,
    options: CatalogStoreOptions = {},
  ) {
    this.check = options.check ?? (() => undefined);
    this.backends = options.backends ?? { panel: true, node: true };
    this.sale = forSale(current, this.backends);
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

  async reload(): Promise<ReloadResult> {
    const result = await this.load();
    if (result.ok) this.seen = String(await this.redis.incr(GENERATION));
    return result;
  }

  /** Starts following reloads made by other processes (checked every 30 s). */
  async follow(everyMs = FOLLOW_EVERY_MS): Promise<void> {
    this.seen = await this.redis.get(GENERATION);
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
    if (generation === this.seen) return;
    this.seen = generation;
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
    this.sale = forSale(next, this.backends);
    this.logger.info({ plans: this.sale.catalog.plans.length }, "catalog reloaded");
    this.warnOffSale();
    return { ok: true, catalog: this.sale.catalog };
  }
}
