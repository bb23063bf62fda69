/**
 * Raw HTTP/1.1 over a socket, for what a client library would not send: bytes written as they are (in
 * chunks, with gaps), the answers read back to back, each framed by its Content-Length.
 */
import net from "node:net";

export interface RawAnswer {
  status: number;
  head: string;
  /** The body as UTF-8. */
  body: string;
}

export interface RawExchange {
  answers: RawAnswer[];
  /** The bytes after the last whole answer (a body without Content-Length, a cut answer), as latin1: "" when none. */
  rest: string;
  /** True when the server closed the connection before `waitMs`. */
  closed: boolean;
}

/**
 * Writes `chunks` (latin1: one character a byte) to a fresh connection to 127.0.0.1:`port`, `gapMs` apart,
 * and reads until the server closes it or `waitMs` after the connection opened.
 */
export function rawExchange(
  port: number,
  chunks: readonly string[],
  options: { gapMs?: number; waitMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const timers: NodeJS.Timeout[] = [];
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      received += data;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    const finish = (closed: boolean): void => {
      for (const timer of timers) clearTimeout(timer);
      socket.destroy();
      resolve({ ...splitAnswers(received), closed });
    };
    socket.on("close", () => finish(true));
    socket.on("connect", () => {
      chunks.forEach((chunk, i) => {
        const write = (): void => {
          if (!socket.destroyed) socket.write(Buffer.from(chunk, "latin1"));
        };
        timers.push(setTimeout(write, i * (options.gapMs ?? 0)));
      });
      timers.push(setTimeout(() => finish(false), options.waitMs ?? 5_000));
    });
  });
}

/** The answers in `text` (latin1), read back to back, each framed by its Content-Length. */
function splitAnswers(text: string): { answers: RawAnswer[]; rest: string } {
  const answers: RawAnswer[] = [];
  let rest = text;
  for (;;) {
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(rest);
    const end = rest.indexOf("\r\n\r\n");
    if (status === null || end === -1) break;
    const head = rest.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const body = Buffer.from(rest.slice(end + 4, end + 4 + length), "latin1").toString("utf8");
    answers.push({ status: Number(status[1]), head, body });
    rest = rest.slice(end + 4 + length);
  }
  return { answers, rest };
}
