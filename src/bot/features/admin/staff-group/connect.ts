import { type Api, GrammyError } from "grammy";
import type { ChatFullInfo, ChatMember, Message } from "grammy/types";
import { STAFF_TOPICS, type StaffTopic } from "#src/domain/staff/index.js";

/** What looking the staff group up found: a forum the bot may make topics in, or why not. */
export type GroupCheck =
  | { ok: true; chatId: number; title: string }
  | { ok: false; reason: "not-found" | "not-forum" | "not-admin" | "no-topics-right" | "unavailable" };

/** Telegram did not answer (a 5xx, a 429, the network): nothing is known this time. */
function unanswered(err: unknown): boolean {
  return !(err instanceof GrammyError) || err.error_code === 429 || err.error_code >= 500;
}

/**
 * Whether `chatId` can be the staff group: Telegram knows it to the bot, it is a supergroup with
 * topics (a forum), and the bot is its admin with the right to manage topics.
 */
export async function checkGroup(
  api: Pick<Api, "getChat" | "getChatMember">,
  botId: number,
  chatId: number,
): Promise<GroupCheck> {
  let chat: ChatFullInfo;
  try {
    chat = await api.getChat(chatId);
  } catch (err) {
    return { ok: false, reason: unanswered(err) ? "unavailable" : "not-found" };
  }
  if (chat.type !== "supergroup" || !chat.is_forum) return { ok: false, reason: "not-forum" };
  let self: ChatMember;
  try {
    self = await api.getChatMember(chat.id, botId);
  } catch (err) {
    return { ok: false, reason: unanswered(err) ? "unavailable" : "not-admin" };
  }
  if (self.status === "administrator" && !self.can_manage_topics)
    return { ok: false, reason: "no-topics-right" };
  if (self.status !== "administrator" && self.status !== "creator") return { ok: false, reason: "not-admin" };
  return { ok: true, chatId: chat.id, title: chat.title };
}

/** Makes one topic per kind of notice in the group, named by `name`; their thread ids. */
export async function makeTopics(
  api: Pick<Api, "createForumTopic">,
  chatId: number,
  name: (topic: StaffTopic) => string,
): Promise<Record<StaffTopic, number>> {
  const topics: Partial<Record<StaffTopic, number>> = {};
  for (const topic of STAFF_TOPICS) {
    topics[topic] = (await api.createForumTopic(chatId, name(topic))).message_thread_id;
  }
  return topics as Record<StaffTopic, number>;
}

/** The button's request id of the group picker (any number: it comes back in `chat_shared`). */
export const PICK_GROUP_REQUEST = 28;

/**
 * The group a message names: picked with the button (`chat_shared`), forwarded from it (a post
 * sent as the group or a channel's), or its id typed (`-100…`). Undefined when it names none;
 * `person` when it is a positive id (a user, not a group).
 */
export function groupRefOf(message: Message | undefined): number | "person" | undefined {
  if (!message) return undefined;
  if (message.chat_shared?.request_id === PICK_GROUP_REQUEST) return message.chat_shared.chat_id;
  const origin = message.forward_origin;
  if (origin?.type === "chat") return origin.sender_chat.id;
  if (origin?.type === "channel") return origin.chat.id;
  const typed = message.text?.trim() ?? "";
  if (!/^-?\d{5,16}$/.test(typed) || !Number.isSafeInteger(Number(typed))) return undefined;
  return Number(typed) < 0 ? Number(typed) : "person";
}
