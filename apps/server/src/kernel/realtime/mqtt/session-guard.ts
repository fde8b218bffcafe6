import type { FastifyBaseLogger } from 'fastify';
import type { SessionAuthority, SessionPrincipal } from '../../sessions.ts';

/**
 * How often the sessions of the signed-in MQTT clients are asked about (ms). Sessions
 * are revoked in the database without a word to the transports, so this is how soon a
 * logout or a password change cuts a client off: well within a second, at one query per
 * 500 sessions per check, and none while no signed-in client is connected.
 */
export const SESSION_CHECK_MS = 500;

type Identity = Pick<SessionPrincipal, 'userId' | 'sessionId'>;

/**
 * The sessions behind the embedded broker's signed-in clients. A client keeps its user
 * only while its session lives: once the session is found ended, the client is cut off
 * and, even if a delivery races the close, reads nothing private any more. Like the user
 * socket it checks by session, not by token, so a token refresh keeps it connected.
 */
export class SessionGuard<C extends object> {
  // The user of each signed-in client, from authentication until its session is found ended.
  private readonly identities = new WeakMap<C, Identity>();
  // Signed-in clients the broker has registered: the ones each check asks about.
  private readonly connected = new Set<C>();
  private checking = false;
  private recheck = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sessions: Pick<SessionAuthority, 'liveSessions'> &
      Partial<Pick<SessionAuthority, 'onRevoked'>>,
    /** Cuts off a client whose session ended. */
    private readonly end: (client: C) => void,
    private readonly log: FastifyBaseLogger,
    checkMs = SESSION_CHECK_MS,
  ) {
    this.timer = setInterval(() => void this.check(), checkMs);
    this.timer.unref();
    // A revocation in this process is checked at once; the timer catches the rest.
    sessions.onRevoked?.(() => void this.check(true));
  }

  /** A client authenticated with a live session of this user. */
  signIn(client: C, identity: Identity): void {
    this.identities.set(client, { userId: identity.userId, sessionId: identity.sessionId });
  }

  /** The broker registered the client: from now on its session is checked. */
  connect(client: C): void {
    if (this.identities.has(client)) this.connected.add(client);
  }

  disconnect(client: C): void {
    this.connected.delete(client);
  }

  /** The client's user while its session is not known to have ended; null when anonymous. */
  userOf(client: C): string | null {
    return this.identities.get(client)?.userId ?? null;
  }

  /** Whether the client may receive `owner`'s private topic now (synchronous: asked per delivery). */
  mayRead(client: C, owner: string): boolean {
    return this.identities.get(client)?.userId === owner;
  }

  /**
   * Asks the session store about this client now, not at the next check (a subscription
   * to a private topic). A store that does not answer counts as a no: the topic is
   * refused, the connection kept.
   */
  async confirm(client: C): Promise<boolean> {
    const identity = this.identities.get(client);
    if (!identity) return false;
    let live: Set<string>;
    try {
      live = await this.sessions.liveSessions([identity.sessionId]);
    } catch (error) {
      this.log.warn({ err: error }, 'mqtt: session check failed');
      return false;
    }
    if (live.has(identity.sessionId)) return this.identities.get(client) === identity;
    this.revoke(client);
    return false;
  }

  /**
   * One pass over every connected signed-in client; run by the timer, and at once after a
   * revocation (`again`: one that lands mid-pass gets a pass of its own after it).
   */
  async check(again = false): Promise<void> {
    if (this.checking) {
      if (again) this.recheck = true;
      return;
    }
    if (this.connected.size === 0) return;
    this.checking = true;
    try {
      const open = [...this.connected];
      const ids = new Set(open.map((client) => this.identities.get(client)!.sessionId));
      const live = await this.sessions.liveSessions([...ids]);
      for (const client of open) {
        const identity = this.identities.get(client);
        if (identity && !live.has(identity.sessionId)) this.revoke(client);
      }
    } catch (error) {
      // Keep the clients: a database hiccup is not a logout; the next check asks again.
      this.log.warn({ err: error }, 'mqtt: session check failed');
    } finally {
      this.checking = false;
    }
    if (this.recheck) {
      this.recheck = false;
      await this.check();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private revoke(client: C): void {
    // Forgotten before the close, so nothing private is forwarded while it completes.
    this.identities.delete(client);
    this.connected.delete(client);
    this.end(client);
  }
}
