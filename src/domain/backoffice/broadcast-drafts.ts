import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { readJson } from "../../store/records.js";
import { type LinkButton, linkButtons, type TextEntity, textEntities } from "./broadcasts.js";
import { broadcastDraftKeys } from "./keys.js";

/** A draft waits this long for the admin's audience choice and confirmation. */
export const BROADCAST_DRAFT_TTL_SECONDS = 3_600;

/**
 * A message ready to go out: the text (or caption) and an optional photo file_id. The text is
 * HTML unless `entities` is set: then it is the admin's plain text with their formatting.
 */
export interface BroadcastDraft {
  text: string;
  entities?: TextEntity[];
  photo?: string;
  /** Link buttons under the message, one a row. */
  buttons?: LinkButton[];
}

const draftSchema = z.object({
  text: z.string().min(1),
  entities: textEntities.optional(),
  photo: z.string().optional(),
  buttons: linkButtons.optional(),
});

/**
 * Broadcast drafts between the admin's steps (written in a conversation, then previewed, aimed
 * and confirmed with buttons), kept in Redis for an hour so the buttons work in any process.
 */
export class BroadcastDrafts {
  constructor(
    private readonly redis: Redis,
    readonly ttlSeconds = BROADCAST_DRAFT_TTL_SECONDS,
  ) {}

  /** Keeps the draft under a new random id (short enough for callback data) and returns the id. */
  async save(draft: BroadcastDraft): Promise<string> {
    const checked = draftSchema.parse(draft);
    const id = randomBytes(6).toString("base64url");
    await this.redis.set(broadcastDraftKeys.draft(id), JSON.stringify(checked), "EX", this.ttlSeconds);
    return id;
  }

  /** The draft, or undefined when the id is empty, unknown, expired or holds no valid draft. */
  async get(id: string): Promise<BroadcastDraft | undefined> {
    if (!id) return undefined;
    return readJson(this.redis, broadcastDraftKeys.draft(id), draftSchema);
  }

  /** Drops the draft (sent or cancelled); an unknown one is no error. */
  async discard(id: string): Promise<void> {
    if (id) await this.redis.del(broadcastDraftKeys.draft(id));
  }
}
