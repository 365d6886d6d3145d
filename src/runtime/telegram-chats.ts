import { type Api, GrammyError } from "grammy";
import type { ChatFullInfo, ChatMember } from "grammy/types";

/**
 * What getChatMember said of one user in one channel or group, in the four cases the shop
 * tells apart: in, out, the bot cannot look (a setup problem of the chat: the bot is not its
 * admin, it is gone), or Telegram did not answer (nothing is known this time).
 */
export type MemberLookup =
  | { kind: "member" }
  | { kind: "not-member" }
  | { kind: "blind"; reason: string }
  | { kind: "unavailable" };

/** A channel or group as getChat describes it, with the link a customer joins it by (if any). */
export interface ChatInfo {
  id: number;
  title: string;
  username?: string;
  /** `https://t.me/<username>`, or an invite link of a private chat the bot could get. */
  joinUrl?: string;
}

/** What looking a chat up for the admins gave: the chat and whether the bot can read its members. */
export type ChatInspection =
  | { ok: true; chat: ChatInfo; botCanReadMembers: boolean }
  | { ok: false; reason: "not-found" | "not-a-channel" | "unavailable" };

/** The two questions the shop asks Telegram about channels (one seam: tests answer it with the fake). */
export interface TelegramChats {
  memberStatus(chatId: number, userId: number): Promise<MemberLookup>;
  inspect(ref: string | number): Promise<ChatInspection>;
}

/** Errors that say the user is simply not in the chat (never was): not a setup problem. */
const NOT_A_MEMBER = /user not found|participant_id_invalid|user_id_invalid/i;

/** Whether a getChatMember answer counts as being in the chat (restricted ones only while members). */
export function isMember(member: ChatMember): boolean {
  switch (member.status) {
    case "creator":
    case "administrator":
    case "member":
      return true;
    case "restricted":
      return member.is_member;
    default:
      return false;
  }
}

/** The link a customer joins `chat` by: its public @username, else the invite link the bot sees. */
function joinUrlOf(chat: ChatFullInfo): string | undefined {
  if (chat.username) return `https://t.me/${chat.username}`;
  return chat.invite_link;
}

/**
 * TelegramChats over grammY's Api. `botId` is the bot's own user id (the number before the colon
 * of its token): whether the bot can read members is asked as its own membership.
 */
export function telegramChats(
  api: Pick<Api, "getChatMember" | "getChat" | "exportChatInviteLink">,
  botId: number,
): TelegramChats {
  return {
    async memberStatus(chatId, userId) {
      try {
        return isMember(await api.getChatMember(chatId, userId))
          ? { kind: "member" }
          : { kind: "not-member" };
      } catch (err) {
        // 429, 5xx, a network error: Telegram did not say; anything else 4xx: the bot cannot look.
        if (!(err instanceof GrammyError) || err.error_code === 429 || err.error_code >= 500)
          return { kind: "unavailable" };
        if (NOT_A_MEMBER.test(err.description)) return { kind: "not-member" };
        return { kind: "blind", reason: err.description };
      }
    },
    async inspect(ref) {
      let chat: ChatFullInfo;
      try {
        chat = await api.getChat(ref);
      } catch (err) {
        if (err instanceof GrammyError && err.error_code < 500 && err.error_code !== 429)
          return { ok: false, reason: "not-found" };
        return { ok: false, reason: "unavailable" };
      }
      if (chat.type === "private") return { ok: false, reason: "not-a-channel" };
      const self = await api.getChatMember(chat.id, botId).catch(() => undefined);
      const botCanReadMembers = self?.status === "administrator" || self?.status === "creator";
      let joinUrl = joinUrlOf(chat);
      // A private chat's link: the bot's own primary link, when it may make one.
      if (!joinUrl && botCanReadMembers)
        joinUrl = await api.exportChatInviteLink(chat.id).catch(() => undefined);
      const info: ChatInfo = {
        id: chat.id,
        title: chat.title,
        ...(chat.username ? { username: chat.username } : {}),
        ...(joinUrl ? { joinUrl } : {}),
      };
      return { ok: true, chat: info, botCanReadMembers };
    },
  };
}

/** The bot's user id from its token (`<id>:<secret>`). */
export function botIdOf(token: string): number {
  return Number(token.split(":", 1)[0]);
}
