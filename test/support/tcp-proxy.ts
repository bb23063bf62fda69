/**
 * A TCP proxy in front of a test's PostgreSQL or Redis, so a test can make the service fail for the server
 * under test without touching the real one (which other tests share): `refuse` closes every connection and
 * refuses new ones, `blackhole` accepts connections and never answers, `forward` restores the service.
 */
import net from "node:net";

export type ProxyMode = "forward" | "refuse" | "blackhole";

export interface TcpProxy {
  /** `127.0.0.1:<port>`, to put in the URL the server under test is given. */
  readonly hostPort: string;
  readonly port: number;
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

/** Listens on a free port (or `port`) and forwards to `target` (`host:port`). */
export async function startTcpProxy(target: string, port = 0): Promise<TcpProxy> {
  const [targetHost, targetPort] = splitHostPort(target);
  let mode: ProxyMode = "forward";
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "refuse") {
      client.destroy();
      return;
    }
    if (mode === "blackhole") return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  });
  let listening = false;
  const listen = (): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        listening = true;
        resolve();
      });
    });
  await listen();
  const address = server.address() as net.AddressInfo;
  port = address.port;
  const closeServer = (): Promise<void> =>
    new Promise((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });
  return {
    hostPort: `127.0.0.1:${port}`,
    port,
    async set(next) {
      mode = next;
      for (const socket of sockets) socket.destroy();
      // Refused means refused at the TCP level: nothing listens on the port.
      if (next === "refuse") await closeServer();
      else if (!listening) await listen();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await closeServer();
    },
  };
}

function splitHostPort(hostPort: string): [string, number] {
  const at = hostPort.lastIndexOf(":");
  return [hostPort.slice(0, at), Number(hostPort.slice(at + 1))];
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.host = proxy.hostPort;
  return parsed.toString();
}

/** The `host:port` a URL points at (default ports filled in for PostgreSQL and Redis). */
export function hostPortOf(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol.startsWith("redis") ? "6379" : "5432");
  return `${parsed.hostname}:${port}`;
}
