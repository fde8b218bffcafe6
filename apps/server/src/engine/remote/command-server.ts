import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { EngineCommandError, type EngineHost } from '../engine-host.ts';
import type { PgEngineStore } from '../store/pg-store.ts';
import {
  decodeUnsequenced,
  type EngineSubjects,
  type LeaderStatus,
  type SubmitReply,
  type SubmitRequest,
} from './protocol.ts';

/** Keys answered from memory: a retry comes within seconds; older ones ask the journal. */
const KEYS_KEPT = 100_000;
/** How often the leader looks whether its projections moved while some are behind. */
const PROJECTION_POLL_MS = 2;

/**
 * The engine leader's side of the API processes' commands (`engine-follower.ts`). Each
 * command is sequenced under its sender's key, at most once: a key seen here answers
 * what it answered before (or waits for it, still in flight), and a retried key this
 * process has not seen is looked up in the journal, where a previous leader may have
 * written it before it died. The journal's unique index on the key backs this up.
 *
 * It also tells the API processes how far its projections have written, so that a call
 * answered there can wait, as it does here, until its own order is in the tables.
 */
export function serveEngineCommands(options: {
  host: EngineHost;
  store: Pick<PgEngineStore, 'seqOfKey'>;
  nats: NatsConnection;
  subjects: EngineSubjects;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { host, store, nats, subjects, log } = options;
  const answers = new Map<string, Promise<SubmitReply | null>>();

  async function answer(request: SubmitRequest): Promise<SubmitReply | null> {
    if (request.retry) {
      const seq = await store.seqOfKey(request.key);
      if (seq !== undefined) return { outcome: 'sequenced', seq };
    }
    const fields = decodeUnsequenced(request.command);
    if (!fields) return { outcome: 'failed' };
    try {
      const ack = await host.submit(fields, request.key);
      return ack.seq === null
        ? { outcome: 'refused', events: ack.events }
        : { outcome: 'sequenced', seq: ack.seq };
    } catch (error) {
      if (error instanceof EngineCommandError) return { outcome: 'failed' };
      // The journal could not be written: the command may be in it all the same (a
      // connection lost after the commit). No answer; the sender asks the next leader,
      // which knows.
      log.error({ err: error }, 'engine command from an API process: journal failed');
      return null;
    }
  }

  function reply(message: Msg): void {
    let request: SubmitRequest;
    try {
      request = message.json<SubmitRequest>();
    } catch {
      return;
    }
    if (typeof request.key !== 'string' || typeof request.command !== 'string') return;
    let answered = answers.get(request.key);
    if (!answered) {
      answered = answer(request);
      answers.set(request.key, answered);
      if (answers.size > KEYS_KEPT) answers.delete(answers.keys().next().value!);
    }
    void answered.then((result) => {
      if (result) message.respond(JSON.stringify(result));
    });
  }

  const status = (): LeaderStatus => ({ seq: host.seq, projected: host.projectedThrough() });
  const subscriptions: Subscription[] = [
    // One queue group: were two processes ever subscribed, a command goes to one of them.
    nats.subscribe(subjects.submit, { queue: 'engine', callback: (_e, m) => reply(m) }),
    nats.subscribe(subjects.status, {
      callback: (_e, m) => void m.respond(JSON.stringify(status())),
    }),
  ];

  // Told after each durable batch: the projections write it shortly; publish each step.
  let told = host.projectedThrough();
  let target = told;
  let timer: NodeJS.Timeout | undefined;
  const watch = () => {
    timer = undefined;
    const now = status();
    if (now.projected > told) {
      told = now.projected;
      nats.publish(subjects.projected, JSON.stringify(now));
    }
    if (told < target) timer = setTimeout(watch, PROJECTION_POLL_MS);
  };
  const detach = host.onDurable((batch) => {
    target = Math.max(target, batch.at(-1)!.seq);
    if (!timer) watch();
  });

  return {
    async stop() {
      detach();
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.allSettled(answers.values());
    },
  };
}
