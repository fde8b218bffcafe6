/** A live session: who is calling, from which session and device. */
export interface SessionPrincipal {
  userId: string;
  sessionId: string;
  deviceId: string;
  /** Set when the caller is a signed API-key request (the key's owner acts through it). */
  apiKeyId?: string;
  /** The key is one of the platform's own in-process clients (signed-request.ts). */
  platformKey?: true;
}

/**
 * What every channel that carries a user's data asks on each use (HTTP, user socket,
 * MQTT): is this token a live session, and which of these sessions still live. The
 * identity module issues sessions and installs itself as the authority at start.
 */
export interface SessionAuthority {
  authenticate(token: string): Promise<SessionPrincipal | null>;
  liveSessions(ids: readonly string[]): Promise<Set<string>>;
  /**
   * Calls `listener` after this process revoked sessions, so the long-lived channels ask
   * `liveSessions` at once instead of at their next periodic check (which still catches
   * revocations made elsewhere).
   */
  onRevoked(listener: () => void): void;
}

/**
 * The kernel's authority before a module installs the real one: the transports are set
 * up first and ask through it, and nothing is accepted until `install` is called.
 */
export function deferredAuthority(): SessionAuthority & { install(real: SessionAuthority): void } {
  let real: SessionAuthority | null = null;
  const listeners: Array<() => void> = [];
  return {
    install(authority) {
      real = authority;
      authority.onRevoked(() => {
        for (const listener of listeners) listener();
      });
    },
    authenticate: async (token) => (real ? real.authenticate(token) : null),
    liveSessions: async (ids) => (real ? real.liveSessions(ids) : new Set()),
    onRevoked: (listener) => void listeners.push(listener),
  };
}
