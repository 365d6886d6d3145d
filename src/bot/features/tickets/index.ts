/**
 * Support tickets in the chat: the customer's side (write from /help, Reply under an answer,
 * close) and the staff group's ticket topics (answers, the card, close and reopen). The admin
 * Tickets section (without a staff group) is in admin/tickets/.
 */
export {
  readWriting,
  TICKET_WRITE_CONVERSATION,
  ticketConversations,
  ticketCustomerFeature,
} from "./customer.js";
export { inTicketTopic, rememberStaffName, ticketTopicFeature } from "./staff-topic.js";
