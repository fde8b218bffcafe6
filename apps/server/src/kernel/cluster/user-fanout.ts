import type { UserEvent } from '@meridian/contract';
import type { Broker } from '../realtime/mqtt/broker.ts';
import type { UserSocket } from '../realtime/user-socket.ts';
import type { Cluster } from './cluster.ts';

type UserMessage =
  | { to: 'socket'; userId: string; event: UserEvent }
  | { to: 'refresh'; userId: string; payload: unknown }
  | { to: 'private'; topic: string; payload: unknown };

/**
 * What is said to one user reaches them on whichever process holds their sockets and
 * MQTT connections: each message is delivered here and published to the other processes,
 * which deliver it to theirs. Every message has one producer (the leader's engine events
 * and jobs, the process that answered a chat call), so nobody hears it twice.
 *
 * Public topics are another matter: every process derives market data from its own copy
 * of the engine and feeds its own sockets and embedded broker; an external broker is
 * shared, so only the leading process publishes to it.
 */
export function fanOutUserMessages(
  cluster: Pick<Cluster, 'redis' | 'publish' | 'subscribe'>,
  local: { userSocket: UserSocket; broker: Broker },
  options: { publishesPublicTopics: boolean; onError: (error: unknown) => void },
): { userSocket: UserSocket; broker: Broker } {
  if (!cluster.redis) return local;
  const deliver = (message: UserMessage) => {
    if (message.to === 'socket') local.userSocket.publish(message.userId, message.event);
    else if (message.to === 'refresh')
      local.broker.publishUserRefresh(message.userId, message.payload);
    else local.broker.publishPrivate(message.topic, message.payload);
  };
  const send = (message: UserMessage) => {
    deliver(message);
    cluster.publish('user-messages', JSON.stringify(message)).catch(options.onError);
  };
  cluster.subscribe('user-messages', (text) => deliver(JSON.parse(text) as UserMessage));
  return {
    userSocket: {
      ...local.userSocket,
      publish: (userId, event) => send({ to: 'socket', userId, event }),
    },
    broker: {
      ...local.broker,
      publish: (topic, payload, retain) => {
        if (options.publishesPublicTopics) local.broker.publish(topic, payload, retain);
      },
      publishUserRefresh: (userId, payload) => send({ to: 'refresh', userId, payload }),
      publishPrivate: (topic, payload) => send({ to: 'private', topic, payload }),
    },
  };
}
