import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export interface Received {
  type: string;
  channel?: string;
  seq?: number;
  snapshot?: boolean;
  data?: unknown;
  message?: string;
}

/** A ws client that keeps every message, for assertions in arrival order. */
export class TestSocket {
  readonly messages: Received[] = [];
  readonly raw: string[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      this.messages.push(JSON.parse(text) as Received);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static async open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestSocket(ws);
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `count` messages match, or fails after `timeoutMs`. */
  async waitFor(match: (m: Received) => boolean, count = 1, timeoutMs = 2000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(`waited for ${count} messages, got ${found.length}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 2000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket not closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.closed;
  }

  on(channel: string): Received[] {
    return this.messages.filter((m) => m.channel === channel);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** A bare Fastify server on a free loopback port, built by `setup`. */
export async function startServer(
  setup: (app: FastifyInstance) => Promise<void>,
): Promise<{ app: FastifyInstance; base: string; wsBase: string }> {
  const app = Fastify({ logger: false });
  await setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    base: `http://127.0.0.1:${address.port}`,
    wsBase: `ws://127.0.0.1:${address.port}`,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
