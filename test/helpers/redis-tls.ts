import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";

/** A CA and a server certificate it signed for 127.0.0.1 (an IP SAN), as PEM files in a folder. */
export interface TestCerts {
  ca: string;
  cert: string;
  key: string;
}

/** Makes a throw-away CA and a loopback server certificate with openssl (EC P-256, a day). */
export function makeCerts(dir: string): TestCerts {
  const at = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  ssl(
    "req",
    "-x509",
    ...ec,
    "-keyout",
    at("ca.key"),
    "-out",
    at("ca.crt"),
    "-days",
    "1",
    "-subj",
    "/CN=test-ca",
  );
  ssl("req", ...ec, "-keyout", at("server.key"), "-out", at("server.csr"), "-subj", "/CN=127.0.0.1");
  writeFileSync(at("san.ext"), "subjectAltName=IP:127.0.0.1\n");
  ssl(
    "x509",
    "-req",
    "-in",
    at("server.csr"),
    "-CA",
    at("ca.crt"),
    "-CAkey",
    at("ca.key"),
    "-CAcreateserial",
    "-out",
    at("server.crt"),
    "-days",
    "1",
    "-extfile",
    at("san.ext"),
  );
  return { ca: at("ca.crt"), cert: at("server.crt"), key: at("server.key") };
}

/** redis-server arguments for TLS only (no plain port) with `certs`, clients not asked for a certificate. */
export function redisTlsArgs(certs: TestCerts, tlsPort: number): string[] {
  return [
    "--port",
    "0",
    "--tls-port",
    String(tlsPort),
    "--tls-cert-file",
    certs.cert,
    "--tls-key-file",
    certs.key,
    "--tls-ca-cert-file",
    certs.ca,
    "--tls-auth-clients",
    "no",
  ];
}

/** What a client sent on one connection through a RecordingProxy, in order. */
export interface RecordedConnection {
  chunks: Buffer[];
}

/**
 * A TCP proxy on a loopback port in front of `targetPort` that keeps every byte each client
 * sends: a test reads what went over the wire (a TLS ClientHello, or a password in clear).
 */
export class RecordingProxy {
  readonly connections: RecordedConnection[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<this> {
    const server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    this.server = server;
    return this;
  }

  /** The first bytes of every connection since the `from`-th that sent anything. */
  firstBytes(from = 0): Buffer[] {
    return this.connections.slice(from).flatMap((c) => (c.chunks[0] ? [c.chunks[0]] : []));
  }

  /** Everything sent on the connections since the `from`-th, each as one buffer. */
  sent(from = 0): Buffer[] {
    return this.connections.slice(from).map((c) => Buffer.concat(c.chunks));
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private relay(client: Socket): void {
    const recorded: RecordedConnection = { chunks: [] };
    this.connections.push(recorded);
    const upstream = createConnection(this.targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("data", (chunk: Buffer) => recorded.chunks.push(chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** A TLS record carrying a handshake (a ClientHello first): content type 22, version 3.x. */
export function isTlsHandshake(first: Buffer): boolean {
  return first.length >= 2 && first[0] === 0x16 && first[1] === 0x03;
}
