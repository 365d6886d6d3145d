/** Work that is running now (update handlers), so a shutdown can wait for it before closing Redis. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Remembers `work` until it settles; returns it unchanged (its rejection stays the caller's). */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything tracked so far (and anything tracked meanwhile) has settled. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/** Resolves true when `work` settles within `ms`, false when the time ran out first. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(settledTrue, settledTrue), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const settledTrue = () => true as const;
