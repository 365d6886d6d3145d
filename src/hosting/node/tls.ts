import { isIP } from "node:net";
import { TLSSocket, connect as tlsConnect } from "node:tls";
import type { buildConnector as BuildConnector } from "undici";
import { Agent, buildConnector } from "../../runtime/library-parts.js";
import { HostingInputError } from "../errors.js";

/*
 * How the node's certificate is checked: pinned by its SHA-256 fingerprint, or verified as usual
 * with a refused certificate reported with its fingerprint (so an admin can pin it).
 */

/** How long the pinned TCP+TLS handshake may take before the socket is dropped. */
const PINNED_CONNECT_TIMEOUT_MS = 10_000;

/** The node presented a certificate other than the pinned one. */
export class CertificatePinMismatchError extends Error {
  readonly code = "ERR_NODE_CERT_PIN_MISMATCH";
  readonly expected: string;
  readonly actual: string;
  constructor(expected: string, actual: string) {
    super(`node certificate fingerprint ${actual || "(none)"} does not match the pinned ${expected}`);
    this.name = "CertificatePinMismatchError";
    this.expected = expected;
    this.actual = actual;
  }
}

/** OpenSSL's verdicts that mean "nobody vouches for this certificate but itself". */
const SELF_SIGNED_REASONS = new Set(["DEPTH_ZERO_SELF_SIGNED_CERT", "SELF_SIGNED_CERT_IN_CHAIN"]);

/**
 * Without a pin, the node presented a certificate that normal verification refuses (the node's
 * default self-signed one, an expired one, another host's). Its `code` is the verification
 * error (e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`), so it counts as a permanent failure.
 */
export class CertificateUntrustedError extends Error {
  readonly code: string;
  /** SHA-256 fingerprint of the presented certificate, `AB:CD:...`. */
  readonly fingerprint: string;
  constructor(reason: string, fingerprint: string) {
    const what = SELF_SIGNED_REASONS.has(reason) ? "is self-signed" : "is not trusted";
    super(`node certificate ${fingerprint || "(none)"} ${what} (${reason})`);
    this.name = "CertificateUntrustedError";
    this.code = reason;
    this.fingerprint = fingerprint;
  }

  get selfSigned(): boolean {
    return SELF_SIGNED_REASONS.has(this.code);
  }
}

/** What is wrong with the node's certificate, with the fingerprints (`AB:CD:...`) to show. */
export type CertificateProblem =
  /** No pin, and the certificate vouches only for itself (the node's default). */
  | { kind: "self-signed"; fingerprint: string }
  /** No pin, and normal verification refused it for another reason (`reason`: OpenSSL's code). */
  | { kind: "untrusted"; fingerprint: string; reason: string }
  /** A pin is set and the node presented another certificate. */
  | { kind: "mismatch"; fingerprint: string; pinned: string };

/** `ABCD...` (64 hex digits) as `AB:CD:...`, the form NODE_API_CERT_SHA256 takes and tools print. */
function withColons(hex: string): string {
  return hex.match(/../g)?.join(":") ?? hex;
}

/** The certificate problem behind a failed node call (anywhere in its `cause` chain), if any. */
export function certificateProblem(err: unknown): CertificateProblem | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 6; depth++) {
    if (e instanceof CertificatePinMismatchError) {
      return { kind: "mismatch", fingerprint: withColons(e.actual), pinned: withColons(e.expected) };
    }
    if (e instanceof CertificateUntrustedError) {
      return e.selfSigned
        ? { kind: "self-signed", fingerprint: e.fingerprint }
        : { kind: "untrusted", fingerprint: e.fingerprint, reason: e.code };
    }
    e = (e as Error & { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Normalises a SHA-256 fingerprint (`AB:CD:...` or plain hex, any case, spaces allowed) to
 * 64 upper-case hex digits; `undefined` for an empty value. Throws HostingInputError when malformed.
 */
export function normalizeFingerprint(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const hex = value.replace(/[\s:]/g, "").toUpperCase();
  if (hex.length === 0) return undefined;
  if (!/^[0-9A-F]{64}$/.test(hex)) throw new HostingInputError("certSha256", "must be a SHA-256 fingerprint");
  return hex;
}

/**
 * An undici Agent that accepts exactly the certificate with the given SHA-256 fingerprint and
 * nothing else: CA validation is replaced (not added to) by the pin, so a CA-valid certificate
 * with another fingerprint is refused too, before any request is written. Plain http is refused.
 * Returns undefined without a pin (NodeApi then verifies as usual, see createVerifyingNodeDispatcher).
 * Nothing global is changed.
 */
export function createNodeDispatcher(certSha256?: string): Agent | undefined {
  const pin = normalizeFingerprint(certSha256);
  if (!pin) return undefined;

  const connect: BuildConnector.connector = (opts, callback) => {
    if (opts.protocol !== "https:") {
      callback(new Error("a pinned node connection must use https"), null);
      return;
    }
    const host = opts.hostname.replace(/^\[(.*)\]$/, "$1");
    const sni = opts.servername ?? host;
    const socket = tlsConnect({
      host,
      port: Number(opts.port) || 443,
      servername: isIP(sni) ? undefined : sni,
      ALPNProtocols: ["http/1.1"],
      // Verification is done below by the pin, which is stricter than CA validation.
      rejectUnauthorized: false,
    });
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      socket.setTimeout(0);
      socket.removeListener("error", finish);
      if (err) {
        socket.destroy();
        callback(err, null);
        return;
      }
      socket.setKeepAlive(true, 60_000);
      callback(null, socket);
    };
    socket.once("error", finish);
    socket.setTimeout(PINNED_CONNECT_TIMEOUT_MS, () =>
      finish(new Error(`TLS connect timeout after ${PINNED_CONNECT_TIMEOUT_MS} ms`)),
    );
    socket.once("secureConnect", () => {
      const presented = socket.getPeerCertificate()?.fingerprint256 ?? "";
      const actual = presented.replace(/[\s:]/g, "").toUpperCase();
      finish(actual === pin ? null : new CertificatePinMismatchError(pin, actual));
    });
  };

  return new Agent({ connect });
}

/**
 * Without a pin: undici's own connector with the usual verification (CA chain and host name),
 * done after the handshake instead of inside it, so a refused certificate is reported with its
 * fingerprint (a CertificateUntrustedError) and the admin can pin it. As before, nothing is
 * written to a connection whose certificate is refused. Plain http passes as it is.
 */
export function createVerifyingNodeDispatcher(): Agent {
  const base = buildConnector({ rejectUnauthorized: false });
  const connect: BuildConnector.connector = (opts, callback) => {
    base(opts, (err, socket) => {
      if (err || !(socket instanceof TLSSocket) || socket.authorized) {
        if (err) callback(err, null);
        else callback(null, socket as NonNullable<typeof socket>);
        return;
      }
      const presented = socket.getPeerCertificate()?.fingerprint256 ?? "";
      const reason = String(socket.authorizationError ?? "UNABLE_TO_VERIFY_LEAF_SIGNATURE");
      socket.destroy();
      callback(new CertificateUntrustedError(reason, presented), null);
    });
  };
  return new Agent({ connect });
}
