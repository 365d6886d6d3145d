/** Small helpers every feature shares: one definition each (see the README's layout). */
export type { Translate } from "../../render/i18n-like.js";
export { claimConfirmation, issueConfirmation } from "./confirmations.js";
export { enterConversation } from "./conversation.js";
export { withNotice, withNoticeView } from "./notice.js";
export {
  type AskNumberOptions,
  askNumber,
  MAX_DAYS,
  MAX_DEVICES,
  MAX_GB,
  parseDays,
  parseDevices,
  parseGb,
} from "./numbers.js";
