/**
 * How much quota the other nodes hold reserved and not served, asked over Redis pub/sub, so that
 * `GET /usage` on any node reports the requests the account was answered, not those plus every other
 * node's lease. A question goes to every node on one channel; `PUBLISH` says how many received it, and
 * each answers on the asking node's own channel. Nodes that do not answer in time are left out: the
 * report then counts their leases as used, as it did before it asked.
 */
import { randomBytes } from "node:crypto";
import type { RedisConnection } from "./redis-connection.js";

export interface LeaseCensus {
  /** Tells the census how to answer other nodes: this node's unserved lease of an account and period. */
  answer(unserved: (accountId: string, periodId: string) => number): void;
  /** The unserved leases of the account held by the other nodes that answer in time. */
  unservedElsewhere(accountId: string, periodId: string): Promise<number>;
  close(): Promise<void>;
}

/** How long a node waits for the others' answers. */
const ANSWER_WAIT_MS = 300;
/** How long start-up waits for the subscriptions before going on without them. */
const SUBSCRIBE_WAIT_MS = 2_000;

interface Question {
  id: string;
  accountId: string;
  periodId: string;
  /** The asking node's channel. */
  replyTo: string;
}

interface Reply {
  id: string;
  unserved: number;
}

function parse<T>(message: string, fields: Record<keyof T, "string" | "number">): T | undefined {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    for (const [field, type] of Object.entries(fields)) if (typeof value[field] !== type) return undefined;
    return value as T;
  } catch {
    return undefined;
  }
}

async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function createLeaseCensus(connection: RedisConnection, prefix: string): Promise<LeaseCensus> {
  const questions = `${prefix}quota-unserved`;
  const self = `${prefix}quota-unserved:${randomBytes(9).toString("base64url")}`;
  const subscriber = connection.duplicate();
  let unserved: (accountId: string, periodId: string) => number = () => 0;
  const waiting = new Map<string, (reply: Reply) => void>();

  const onQuestion = (message: string): void => {
    const question = parse<Question>(message, {
      id: "string",
      accountId: "string",
      periodId: "string",
      replyTo: "string",
    });
    if (question === undefined || question.replyTo === self) return;
    const reply: Reply = { id: question.id, unserved: unserved(question.accountId, question.periodId) };
    connection.client.publish(question.replyTo, JSON.stringify(reply)).catch(() => undefined);
  };
  const onReply = (message: string): void => {
    const reply = parse<Reply>(message, { id: "string", unserved: "number" });
    if (reply !== undefined) waiting.get(reply.id)?.(reply);
  };
  // Asked again whenever the connection is ready: one asked for while Redis is away is never made otherwise.
  const subscribeNow = () =>
    Promise.all([subscriber.subscribe(questions, onQuestion), subscriber.subscribe(self, onReply)]).catch(
      () => undefined,
    );
  subscriber.on("ready", subscribeNow);
  subscriber.connect().catch(() => undefined);
  // A node starting while Redis is away does not wait: it subscribes once Redis answers.
  if (!connection.client.isReady) void subscribeNow();
  else await waitAtMost(subscribeNow(), SUBSCRIBE_WAIT_MS);

  return {
    answer(next) {
      unserved = next;
    },
    async unservedElsewhere(accountId, periodId) {
      const id = randomBytes(9).toString("base64url");
      let total = 0;
      let expected = Number.POSITIVE_INFINITY;
      let answered = 0;
      let done: () => void = () => undefined;
      const complete = new Promise<void>((resolve) => {
        done = resolve;
      });
      waiting.set(id, (reply) => {
        total += reply.unserved;
        answered++;
        if (answered >= expected) done();
      });
      const timeout = setTimeout(done, ANSWER_WAIT_MS);
      try {
        const question: Question = { id, accountId, periodId, replyTo: self };
        // Every node's subscriber received it, this one's too (which does not answer itself).
        const received = await connection.client.publish(questions, JSON.stringify(question));
        expected = Number(received) - 1;
        if (answered >= expected) done();
        await complete;
      } catch {
        // Redis does not answer: the others' leases are counted as used.
      } finally {
        clearTimeout(timeout);
        waiting.delete(id);
      }
      return total;
    },
    async close() {
      subscriber.destroy();
    },
  };
}
