import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";

/**
 * An append-only archive on disk of records that left Redis: JSON lines in shard files, one
 * shard per subject (`subject % shards`), so one subject's records are read from one small file,
 * and an id index (`ids/`, sharded by a hash of the id) that names the subject of each record, so
 * one record is found by its id without knowing its subject. No business words: a record is a
 * kind, a subject (a number), an id, an optional sequence number and a JSON value.
 *
 * Crash safety: a batch is one write followed by fsync, the record lines before their id-index
 * lines. A crash mid-write leaves a truncated last line: readers skip any line that does not
 * parse, and the next append starts on a new line. A record written twice (a crash after the
 * write, before its source was removed, and a second run) is read twice: callers drop repeats by
 * id. Appends within one process are serialized per file; across processes the caller holds a
 * lease (one writer at a time).
 */
const archivedLine = z.object({
  k: z.string(),
  s: z.number(),
  id: z.string(),
  n: z.number().optional(),
  v: z.unknown(),
});

const idLine = z.object({ k: z.string(), id: z.string(), s: z.number() });

export interface ArchivedRecord {
  kind: string;
  /** Whose record it is (a customer id): which shard it lives in. */
  subject: number;
  id: string;
  /** The record's position in its source (a ledger entry's number), when it has one. */
  seq?: number | undefined;
  value: unknown;
}

/** The default number of shard files. */
export const ARCHIVE_SHARDS = 1024;

export class ArchiveFiles {
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    private readonly shardCount = ARCHIVE_SHARDS,
  ) {}

  /** Appends one subject's records durably (fsync), then their id-index lines. */
  async append(subject: number, records: readonly ArchivedRecord[]): Promise<void> {
    if (records.length === 0) return;
    const lines = records.map((r) =>
      JSON.stringify({
        k: r.kind,
        s: subject,
        id: r.id,
        ...(r.seq !== undefined ? { n: r.seq } : {}),
        v: r.value,
      }),
    );
    await this.appendLines(this.shardPath(subject), lines);
    const byIndex = new Map<string, string[]>();
    for (const r of records) {
      const path = this.idPath(r.id);
      byIndex.set(path, [...(byIndex.get(path) ?? []), JSON.stringify({ k: r.kind, id: r.id, s: subject })]);
    }
    await Promise.all([...byIndex].map(([path, idLines]) => this.appendLines(path, idLines)));
  }

  /** Every record of `subject` (of `kind`, if given), in the order written; repeats included. */
  async ofSubject(subject: number, kind?: string): Promise<ArchivedRecord[]> {
    const found: ArchivedRecord[] = [];
    for await (const r of this.readShard(this.shardPath(subject))) {
      if (r.subject === subject && (kind === undefined || r.kind === kind)) found.push(r);
    }
    return found;
  }

  /** The record of `kind` with `id` (the last written, if repeated), or undefined. */
  async byId(kind: string, id: string): Promise<ArchivedRecord | undefined> {
    let subject: number | undefined;
    for await (const line of readLines(this.idPath(id))) {
      const parsed = idLine.safeParse(parseJson(line));
      if (parsed.success && parsed.data.k === kind && parsed.data.id === id) subject = parsed.data.s;
    }
    if (subject === undefined) return undefined;
    const all = await this.ofSubject(subject, kind);
    return all.findLast((r) => r.id === id);
  }

  /**
   * Every record of `kind`, one shard's at a time (an export: a subject's repeats are all in the
   * one shard, so a reader drops them holding one shard in memory).
   */
  async *shards(kind: string): AsyncGenerator<ArchivedRecord[]> {
    const names = await readdir(join(this.dir, "shards")).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const found: ArchivedRecord[] = [];
      for await (const r of this.readShard(join(this.dir, "shards", name)))
        if (r.kind === kind) found.push(r);
      if (found.length > 0) yield found;
    }
  }

  /** Bytes the archive takes on disk (shards and id index). */
  async bytes(): Promise<number> {
    let total = 0;
    for (const sub of ["shards", "ids"]) {
      const names = await readdir(join(this.dir, sub)).catch(() => [] as string[]);
      for (const name of names) total += (await stat(join(this.dir, sub, name))).size;
    }
    return total;
  }

  private shardPath(subject: number): string {
    const n = ((subject % this.shardCount) + this.shardCount) % this.shardCount;
    return join(this.dir, "shards", `${n.toString(16).padStart(4, "0")}.jsonl`);
  }

  private idPath(id: string): string {
    const n = createHash("sha1").update(id).digest().readUInt32BE(0) % this.shardCount;
    return join(this.dir, "ids", `${n.toString(16).padStart(4, "0")}.jsonl`);
  }

  private async *readShard(path: string): AsyncGenerator<ArchivedRecord> {
    for await (const line of readLines(path)) {
      const parsed = archivedLine.safeParse(parseJson(line));
      if (!parsed.success) continue; // a line cut by a crash mid-append
      const { k, s, id, n, v } = parsed.data;
      yield { kind: k, subject: s, id, seq: n, value: v };
    }
  }

  /** One write and fsync per batch, serialized per file in this process. */
  private appendLines(path: string, lines: readonly string[]): Promise<void> {
    const previous = this.tails.get(path) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => appendDurably(path, lines));
    this.tails.set(path, next);
    return next;
  }
}

async function appendDurably(path: string, lines: readonly string[]): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true });
  const file = await open(path, "a+");
  try {
    const { size } = await file.stat();
    let lead = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      await file.read(last, 0, 1, size - 1);
      // The last append was cut mid-line by a crash: start on a line of our own.
      if (last.toString() !== "\n") lead = "\n";
    }
    await file.write(`${lead}${lines.join("\n")}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
}

async function* readLines(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: "utf8" });
  const missing = new Promise<boolean>((resolve) => {
    stream.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ENOENT"));
    stream.once("open", () => resolve(false));
  });
  if (await missing) return;
  for await (const line of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line !== "") yield line;
  }
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
