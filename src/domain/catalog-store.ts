import type { Redis } from "ioredis";
import type { Logger } from "../logger.js";
import { type Catalog, CatalogError, loadCatalog } from "./catalog.js";

/** Bumped on every reload, so the other processes (ROLE=bot / ROLE=worker) reload too. */
const GENERATION = "catalog:generation";
const FOLLOW_EVERY_MS = 30_000;

export type ReloadResult = { ok: true; catalog: Catalog } | { ok: false; error: string };

/**
 * The catalog in force, reloadable from its file without a restart. A new file must keep the
 * currency (wallet balances are kept in it) and pass the same checks as at start; otherwise the
 * old catalog stays and the reason is returned.
 */
export class CatalogStore {
  private seen: string | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private current: Catalog,
    readonly file: string,
    private readonly redis: Redis,
    private readonly logger: Logger,
    /** Extra start-up checks (e.g. a fiat currency needs a provider token); a message when not met. */
    private readonly check: (catalog: Catalog) => string | undefined = () => undefined,
  ) {}

  readonly get = (): Catalog => this.current;

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
    if (next.currency !== this.current.currency) {
      return {
        ok: false,
        error: `${this.file}: currency ${next.currency} differs from ${this.current.currency}; wallets are kept in ${this.current.currency}, so the currency cannot change without a migration`,
      };
    }
    const problem = this.check(next);
    if (problem) return { ok: false, error: problem };
    this.current = next;
    this.logger.info({ plans: next.plans.length }, "catalog reloaded");
    return { ok: true, catalog: next };
  }
}
