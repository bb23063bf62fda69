/**
 * The minute windows of a cluster of processes on one host (`wordclip serve --workers N` without Redis):
 * the primary process keeps them in memory and every worker asks it over the cluster's IPC channel, so
 * the limit is exact across workers as it is within one process. A worker sends the hits of one turn of
 * its event loop as one message, and the primary answers them in one message.
 */
import type { RateWindow, WindowHit, WindowState } from "./interface.js";
import type { MemoryRateWindow } from "./memory.js";

/** One side of a message channel: a worker's `process`, or the primary's handle on one worker. */
export interface IpcChannel {
  send(message: unknown): void;
  /** Returns a function that removes the listener. */
  onMessage(listener: (message: unknown) => void): () => void;
  /** Called once when the channel closes (the other process is gone). */
  onClose(listener: () => void): void;
}

const HIT = 0;
const PEEK = 1;

/** `[id, HIT | PEEK, subject, limit, nowMs]`. */
type Ask = [number, number, string, number, number];
/** `[id, admitted 1 | 0, remaining, resetAtS]`. */
type Answer = [number, number, number, number];

interface AskMessage {
  wordclipWindow: Ask[];
}
interface AnswerMessage {
  wordclipWindowAnswers: Answer[];
}

function isAsk(message: unknown): message is AskMessage {
  return typeof message === "object" && message !== null && "wordclipWindow" in message;
}

function isAnswer(message: unknown): message is AnswerMessage {
  return typeof message === "object" && message !== null && "wordclipWindowAnswers" in message;
}

/** The primary's side: answers every worker's questions from `window`, the one set of counts. */
export function serveRateWindow(window: MemoryRateWindow, channel: IpcChannel): () => void {
  return channel.onMessage((message) => {
    if (!isAsk(message)) return;
    const answers: Answer[] = message.wordclipWindow.map(([id, op, subject, limit, nowMs]) => {
      if (op === PEEK) {
        const state = window.peekNow(subject, limit, nowMs);
        return [id, 1, state.remaining, state.resetAtS];
      }
      const hit = window.hitNow(subject, limit, nowMs);
      return [id, hit.admitted ? 1 : 0, hit.remaining, hit.resetAtS];
    });
    channel.send({ wordclipWindowAnswers: answers } satisfies AnswerMessage);
  });
}

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** A worker's side: the primary's windows, asked over `channel`. */
export function createIpcRateWindow(channel: IpcChannel): RateWindow {
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  let batch: Ask[] = [];
  let closed: Error | undefined;

  const flush = (): void => {
    const asks = batch;
    batch = [];
    if (asks.length > 0 && closed === undefined) channel.send({ wordclipWindow: asks } satisfies AskMessage);
  };

  const stop = channel.onMessage((message) => {
    if (!isAnswer(message)) return;
    for (const answer of message.wordclipWindowAnswers) {
      const entry = waiting.get(answer[0]);
      if (entry === undefined) continue;
      waiting.delete(answer[0]);
      entry.resolve(answer);
    }
  });
  channel.onClose(() => {
    closed = new Error("the primary process that keeps the minute windows is gone");
    for (const entry of waiting.values()) entry.reject(closed);
    waiting.clear();
  });

  function ask(op: number, subject: string, limit: number, nowMs: number): Promise<Answer> {
    if (closed !== undefined) return Promise.reject(closed);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      if (batch.length === 0) setImmediate(flush);
      batch.push([id, op, subject, limit, nowMs]);
    });
  }

  return {
    async hit(subject, limit, nowMs): Promise<WindowHit> {
      const [, admitted, remaining, resetAtS] = await ask(HIT, subject, limit, nowMs);
      return { admitted: admitted === 1, limit, remaining, resetAtS };
    },
    async peek(subject, limit, nowMs): Promise<WindowState> {
      const [, , remaining, resetAtS] = await ask(PEEK, subject, limit, nowMs);
      return { limit, remaining, resetAtS };
    },
    async close() {
      stop();
    },
  };
}
