/* The Node API client (spec C): its types, its wire schemas, its TLS checks and the client. */
export { NodeApi } from "./client.js";
export { peerUrlProblem, subscriptionUrl } from "./input.js";
export { NAME_RE } from "./schemas.js";
export {
  CertificatePinMismatchError,
  type CertificateProblem,
  CertificateUntrustedError,
  certificateProblem,
  createNodeDispatcher,
  createVerifyingNodeDispatcher,
  normalizeFingerprint,
} from "./tls.js";
export * from "./types.js";
