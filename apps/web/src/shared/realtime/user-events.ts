import type { UserSocketMessage } from '@meridian/contract/realtime';

/** One message of the signed-in user's socket: `ready` after each (re)authentication, or an event. */
export type UserSocketEvent = UserSocketMessage['data'];
type Listener = (event: UserSocketEvent) => void;

/**
 * The user socket's messages for every feature, from the one socket the layout keeps open
 * (the spot feature's user feed). A feature listens here instead of opening a socket of its
 * own: the server keeps 8 sockets per user, and a second socket per tab would halve the
 * tabs a user can keep open before the oldest is replaced.
 */
export function createUserEvents() {
  const listeners = new Set<Listener>();
  return {
    emit(event: UserSocketEvent): void {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const userEvents = createUserEvents();
