/**
 * Channels and groups of the fake Bot API (FakeTelegram.channels): which users are in which chat,
 * whether the bot is its admin, and a chat going away. It answers getChatMember, getChat and
 * exportChatInviteLink the way Telegram does for a bot:
 *
 * - a chat it does not know: 400 "chat not found";
 * - the bot not an admin of it: 400 "member list is inaccessible" for anyone but the bot itself;
 * - a user never seen in it: status "left".
 */
import type { Chat, ChatMember, User } from "grammy/types";

export type MemberStatus = "creator" | "administrator" | "member" | "left" | "kicked";

interface FakeChannel {
  chat: Chat.ChannelChat | Chat.SupergroupChat;
  members: Map<number, ChatMember>;
  botAdmin: boolean;
  inviteLink?: string;
  /** Forum topics made in it (a forum supergroup): thread id -> name. */
  topics: Map<number, string>;
  /** Whether the bot, as its admin, may manage topics (can_manage_topics). */
  botManagesTopics: boolean;
  /** The next topic's thread id (ids are never reused, as in Telegram). */
  nextTopicId: number;
}

/** A forum topic as createForumTopic answers it. */
export interface FakeForumTopic {
  message_thread_id: number;
  name: string;
  icon_color: number;
}

export interface NewFakeChannel {
  id: number;
  title: string;
  username?: string;
  type?: "channel" | "supergroup";
  /** Default true: the bot can read its members. */
  botAdmin?: boolean;
  /** What exportChatInviteLink gives (a private chat's). */
  inviteLink?: string;
  /** A supergroup with topics (`is_forum`): createForumTopic works in it. */
  forum?: boolean;
  /** Default true: the bot, as an admin, may manage topics (`can_manage_topics`). */
  botManagesTopics?: boolean;
}

const person = (id: number): User => ({ id, is_bot: false, first_name: `User${id}` });

export class FakeChannels {
  private readonly chats = new Map<number, FakeChannel>();

  constructor(
    private readonly botId: number,
    private readonly fail: (code: number, description: string) => Error,
  ) {}

  add(c: NewFakeChannel): void {
    const type = c.type ?? "channel";
    const chat = {
      id: c.id,
      type,
      title: c.title,
      ...(c.username ? { username: c.username } : {}),
      ...(c.forum ? { is_forum: true } : {}),
    };
    this.chats.set(c.id, {
      chat: chat as FakeChannel["chat"],
      members: new Map(),
      botAdmin: c.botAdmin ?? true,
      ...(c.inviteLink ? { inviteLink: c.inviteLink } : {}),
      topics: new Map(),
      botManagesTopics: c.botManagesTopics ?? true,
      nextTopicId: 2,
    });
  }

  /** `userId` is in the chat as `status` (default a plain member). */
  join(chatId: number, userId: number, status: "member" | "administrator" | "creator" = "member"): void {
    this.set(chatId, { status, user: person(userId) } as ChatMember);
  }

  /** `userId` is restricted in the chat, still a member or not. */
  restrict(chatId: number, userId: number, isMember: boolean): void {
    this.set(chatId, { status: "restricted", user: person(userId), is_member: isMember } as ChatMember);
  }

  /** `userId` left (or was banned from) the chat. */
  leave(chatId: number, userId: number, status: "left" | "kicked" = "left"): void {
    this.set(chatId, {
      status,
      user: person(userId),
      ...(status === "kicked" ? { until_date: 0 } : {}),
    } as ChatMember);
  }

  /** The bot is made an admin of the chat (true), or demoted (false: it cannot read members). */
  setBotAdmin(chatId: number, admin: boolean): void {
    this.get(chatId).botAdmin = admin;
  }

  /** The chat is gone (deleted, or the bot removed from a private one): "chat not found". */
  remove(chatId: number): void {
    this.chats.delete(chatId);
  }

  /** The chat `ref` names (a numeric id, or "@username"), if the fake knows it. */
  find(ref: unknown): FakeChannel | undefined {
    if (typeof ref === "string" && ref.startsWith("@")) {
      const name = ref.slice(1).toLowerCase();
      return [...this.chats.values()].find((c) => c.chat.username?.toLowerCase() === name);
    }
    return this.chats.get(Number(ref));
  }

  getChatMember(p: Record<string, unknown>): ChatMember {
    const channel = this.find(p.chat_id);
    if (!channel) throw this.fail(400, "Bad Request: chat not found");
    const userId = Number(p.user_id);
    if (userId === this.botId) {
      const user = { id: this.botId, is_bot: true, first_name: "Fake Bot" };
      const rights =
        channel.chat.type === "supergroup" ? { can_manage_topics: channel.botManagesTopics } : {};
      return (
        channel.botAdmin ? { status: "administrator", user, ...rights } : { status: "left", user }
      ) as ChatMember;
    }
    if (!channel.botAdmin) throw this.fail(400, "Bad Request: member list is inaccessible");
    return channel.members.get(userId) ?? ({ status: "left", user: person(userId) } as ChatMember);
  }

  /** getChat of a known channel (undefined: not one of these). */
  getChat(p: Record<string, unknown>): Record<string, unknown> | undefined {
    const channel = this.find(p.chat_id);
    if (!channel) return undefined;
    // A private chat's invite link shows only to its admins.
    const link = channel.botAdmin && channel.inviteLink ? { invite_link: channel.inviteLink } : {};
    return { ...channel.chat, ...link };
  }

  exportChatInviteLink(p: Record<string, unknown>): string {
    const channel = this.find(p.chat_id);
    if (!channel) throw this.fail(400, "Bad Request: chat not found");
    if (!channel.botAdmin) throw this.fail(400, "Bad Request: not enough rights to manage chat invite link");
    channel.inviteLink ??= `https://t.me/+fake${Math.abs(channel.chat.id)}`;
    return channel.inviteLink;
  }

  /** createForumTopic: a topic in a forum supergroup whose admin the bot is. */
  createForumTopic(p: Record<string, unknown>): FakeForumTopic {
    const channel = this.find(p.chat_id);
    if (!channel) throw this.fail(400, "Bad Request: chat not found");
    if (!("is_forum" in channel.chat) || !channel.chat.is_forum)
      throw this.fail(400, "Bad Request: the chat is not a forum");
    if (!channel.botAdmin || !channel.botManagesTopics)
      throw this.fail(400, "Bad Request: not enough rights to create a topic");
    const name = String(p.name ?? "");
    if (name.length < 1 || name.length > 128) throw this.fail(400, "Bad Request: TOPIC_TITLE_EMPTY");
    const id = channel.nextTopicId;
    channel.nextTopicId += 2;
    channel.topics.set(id, name);
    return { message_thread_id: id, name, icon_color: 7322096 };
  }

  /** editForumTopic, closeForumTopic, reopenForumTopic: the topic must exist. */
  touchForumTopic(p: Record<string, unknown>, rename?: string): true {
    const channel = this.find(p.chat_id);
    if (!channel) throw this.fail(400, "Bad Request: chat not found");
    const id = Number(p.message_thread_id);
    if (!channel.topics.has(id)) throw this.fail(400, "Bad Request: TOPIC_ID_INVALID");
    if (rename) channel.topics.set(id, rename);
    return true;
  }

  /** deleteForumTopic (or a person deleting it by hand): the topic and its messages are gone. */
  deleteForumTopic(p: Record<string, unknown>): true {
    this.touchForumTopic(p);
    this.find(p.chat_id)?.topics.delete(Number(p.message_thread_id));
    return true;
  }

  /**
   * Whether a message may go to `threadId` of `chatId`: in a forum supergroup only to a topic it
   * has (or the General topic, 1); chats the fake does not hold as forums are not checked.
   */
  threadExists(chatId: unknown, threadId: unknown): boolean {
    const channel = this.find(chatId);
    if (!channel || !("is_forum" in channel.chat) || !channel.chat.is_forum) return true;
    const id = Number(threadId);
    return id === 1 || channel.topics.has(id);
  }

  /** The bot is given or denied the right to manage topics (as an admin). */
  setBotManagesTopics(chatId: number, may: boolean): void {
    this.get(chatId).botManagesTopics = may;
  }

  /** The topics made in a chat (thread id -> name). */
  topicsOf(chatId: number): Map<number, string> {
    return this.get(chatId).topics;
  }

  private get(chatId: number): FakeChannel {
    const channel = this.chats.get(chatId);
    if (!channel) throw new Error(`FakeChannels: no chat ${chatId}`);
    return channel;
  }

  private set(chatId: number, member: ChatMember): void {
    this.get(chatId).members.set(member.user.id, member);
  }
}
