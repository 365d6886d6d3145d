/* The Panel API client (spec B): its types, its wire schemas and the client. */
export { PanelApi, PanelUnknownNodeError } from "./client.js";
export { createBody, patchBody } from "./input.js";
export * from "./types.js";
