import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { Redis } from "ioredis";

/**
 * A crash in the middle of a Redis transaction, for real: a TCP proxy in front of the test Redis
 * that passes every command through until the client sends `EXEC`; then it forwards what came
 * before (MULTI and the queued commands), cuts both connections and takes no new ones. Redis
 * drops a transaction whose connection closed before EXEC, so whatever a step wrote outside its
 * MULTI is there afterwards, and what it wrote inside is not. ioredis writes a whole MULTI in one
 * socket write, which reaches the proxy as one chunk on loopback.
 */
export interface CutBeforeExec {
  /** A client through the proxy that neither reconnects nor queues (its EXEC fails). */
  redis: Redis;
  /** Whether the cut happened. */
  cut(): boolean;
  close(): Promise<void>;
}

const EXEC = "*1\r\n$4\r\nexec\r\n";

/** A proxy to `redisUrl` (`redis://host:port/db`) that cuts the connection at the first EXEC. */
export async function cutBeforeExec(redisUrl: string): Promise<CutBeforeExec> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = tcpConnect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    upstream.on("data", (chunk) => client.write(chunk));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.on("data", (chunk: Buffer) => {
      const at = chunk.toString("latin1").toLowerCase().indexOf(EXEC);
      if (cut) return;
      if (at < 0) return void upstream.write(chunk);
      cut = true;
      // What came before EXEC reaches Redis; then both sides go, as when a process dies.
      upstream.end(chunk.subarray(0, at), () => {
        upstream.destroy();
        client.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const redis = new Redis(`redis://127.0.0.1:${port}${target.pathname}`, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  redis.on("error", () => undefined);
  await redis.connect();
  return {
    redis,
    cut: () => cut,
    close: async () => {
      redis.disconnect();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
