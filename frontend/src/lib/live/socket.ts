import { io, type Socket } from 'socket.io-client';
import { auth } from '../api/client';

/**
 * A socket.io connection to the API (DECISIONS §6): the access token in the handshake, read afresh
 * on every (re)connection.
 */
export function openLiveSocket(): Socket {
  return io({
    path: '/socket.io',
    auth: (send) => {
      void auth.getFreshSession().then((session) => send({ token: session?.access_token ?? '' }));
    },
    reconnectionDelayMax: 10_000,
  });
}
