import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  USER_CHANNEL,
  USER_SOCKET_CLOSE,
  userSocketAuthSchema,
  type UserSocketAuth,
} from '@meridian/contract';
import type { SessionPrincipal } from '../sessions.ts';
import { AppError } from '../errors.ts';
import { bareToken } from '../http/request-context.ts';

/** The API-key form of the socket's first message. */
export type ApiKeyLogin = Extract<UserSocketAuth, { apiKey: string }>;

export interface UserSocketLimits {
  /** The first message, `{ op: 'auth', token }`, must arrive within this time. */
  authTimeoutMs: number;
  /** Largest client message accepted (bytes): an auth message is well under 1 KiB. */
  maxMessageBytes: number;
  /** Bytes queued for a client before it counts as too slow and is cut off. */
  maxBufferedBytes: number;
  /** How often the server sends `{ "type": "heartbeat" }` and re-checks sessions. */
  heartbeatMs: number;
  /** A connection that sent nothing (not even `ping`) for this long is closed. */
  idleMs: number;
  /** Open sockets per user; a new one closes the oldest. */
  maxPerUser: number;
}

export const DEFAULT_USER_SOCKET_LIMITS: UserSocketLimits = {
  authTimeoutMs: 5000,
  maxMessageBytes: 1024,
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 5000,
  idleMs: 30_000,
  maxPerUser: 8,
};

/**
 * Close codes of the user socket beyond the contract's: the same idle and size codes as
 * the market socket.
 */
export const USER_SOCKET_SERVER_CLOSE = { tooBig: 1009, idle: 4000 } as const;

const HEARTBEAT = '{"type":"heartbeat"}';
const READY = JSON.stringify({ channel: USER_CHANNEL, data: { type: 'ready' } });
const OPEN = 1;

/** What a connection needs from the socket: resolving a token, and joining its user's set. */
export interface UserConnectionHost {
  authenticate(token: string): Promise<SessionPrincipal | null>;
  /** A signed API-key login: its owner, or a refusal (an AppError naming why). */
  authenticateKey(login: ApiKeyLogin): Promise<SessionPrincipal>;
  /** Called once the connection is authenticated and may receive the user's events. */
  admit(connection: UserConnection): void;
}

/**
 * One user socket: waits for the auth message, then carries that user's events. It
 * only ever belongs to the user named in its path, and only after a token of that user
 * resolved to a live session.
 */
export class UserConnection {
  /** Set once authenticated; the session is re-checked at every heartbeat. */
  principal: SessionPrincipal | null = null;
  private authStarted = false;
  private lastHeard = performance.now();
  private closed = false;
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    readonly userId: string,
    private readonly socket: WebSocket,
    private readonly host: UserConnectionHost,
    private readonly limits: UserSocketLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.authTimer = setTimeout(() => {
      if (!this.principal) this.close(USER_SOCKET_CLOSE.unauthorized, 'no auth in time');
    }, limits.authTimeoutMs);
    this.authTimer.unref();
  }

  get ready(): boolean {
    return this.principal !== null && !this.closed;
  }

  receive(raw: string): void {
    if (this.closed) return;
    this.lastHeard = performance.now();
    if (Buffer.byteLength(raw) > this.limits.maxMessageBytes) {
      this.close(USER_SOCKET_SERVER_CLOSE.tooBig, 'message too big');
      return;
    }
    if (raw === 'ping') return;
    // One auth attempt per socket: anything else a client sends is of no use to the server.
    if (this.authStarted) return;
    this.authStarted = true;
    void this.authenticate(raw);
  }

  /** Heartbeat tick: say we are alive, and close a client that has gone quiet. */
  beat(now: number): void {
    if (this.closed) return;
    // Before its auth a socket answers to the auth timer alone, so a client that never
    // signs in always reads "unauthorized", whichever timer would have come first.
    if (!this.principal) return;
    if (now - this.lastHeard >= this.limits.idleMs) {
      this.close(USER_SOCKET_SERVER_CLOSE.idle, 'idle');
      return;
    }
    this.send(HEARTBEAT);
  }

  /** Sends one already encoded message, cutting off a client that stopped reading. */
  send(text: string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.log.warn({ bufferedBytes: this.socket.bufferedAmount }, 'user socket: slow client');
      this.dispose();
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  /** Stops every timer and delivery; called when the socket closes. */
  dispose(): void {
    this.closed = true;
    clearTimeout(this.authTimer);
  }

  private async authenticate(raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = userSocketAuthSchema.safeParse(json);
    const login = parsed.success ? parsed.data : null;
    const token = login && 'token' in login ? bareToken(login.token) : null;
    if (!login || (!token && !('apiKey' in login))) {
      this.close(USER_SOCKET_CLOSE.unauthorized, 'send {"op":"auth","token":...} first');
      return;
    }
    let principal: SessionPrincipal | null;
    try {
      principal =
        'apiKey' in login
          ? await this.host.authenticateKey(login)
          : await this.host.authenticate(token!);
    } catch (error) {
      if (error instanceof AppError) {
        // A refused key: the reason id, as an HTTP answer's `data.reason` would say it.
        this.close(USER_SOCKET_CLOSE.unauthorized, error.messageId);
        return;
      }
      // The session store did not answer: refuse now, the client's reconnect retries.
      this.log.error({ err: error }, 'user socket: session lookup failed');
      this.close(USER_SOCKET_CLOSE.unauthorized, 'sessions unavailable');
      return;
    }
    if (this.closed) return;
    if (!principal) {
      this.close(USER_SOCKET_CLOSE.unauthorized, 'invalid token');
      return;
    }
    if (principal.userId !== this.userId) {
      this.close(USER_SOCKET_CLOSE.forbidden, 'token of another user');
      return;
    }
    clearTimeout(this.authTimer);
    this.principal = principal;
    this.host.admit(this);
    this.send(READY);
  }
}
