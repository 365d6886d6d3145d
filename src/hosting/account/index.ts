/* The Account API client (spec A): its types, its wire schemas and the client. */
export { AccountApi } from "./client.js";
export { ACCOUNT_ENDPOINTS, parseExpirationDate } from "./schemas.js";
export * from "./types.js";
