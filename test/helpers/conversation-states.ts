import type { Redis } from "ioredis";

/**
 * Where conversation states are kept: inside each chat's session (see SealedConversationStorage).
 * Lists the sessions holding one, so a test can check a conversation left nothing behind.
 */
export async function conversationStates(redis: Redis): Promise<string[]> {
  const held: string[] = [];
  for (const key of await redis.keys("session:*")) {
    const raw = await redis.get(key);
    const session = raw ? (JSON.parse(raw) as { conversations?: Record<string, unknown> }) : {};
    for (const conversation of Object.keys(session.conversations ?? {})) held.push(`${key}/${conversation}`);
  }
  return held;
}
