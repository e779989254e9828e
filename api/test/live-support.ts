import { io, type Socket } from 'socket.io-client';
import type { TestApp } from '../../testing/harness';

/** The sockets a test file opens over websocket, to close when it ends. */
export function socketPool() {
  const sockets: Socket[] = [];
  return {
    /** A socket connected to `app` with this access token (none: an anonymous one, refused or not as the server decides). */
    open(app: TestApp, token: string | undefined, transports: string[] = ['websocket']): Socket {
      const socket = io(app.url, { path: '/socket.io', auth: token ? { token } : {}, transports, reconnection: false });
      sockets.push(socket);
      return socket;
    },
    async connect(app: TestApp, token: string): Promise<Socket> {
      const socket = this.open(app, token);
      await connected(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of sockets) socket.disconnect();
    },
  };
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The next `event` the socket hears that matches; a failure after `ms`. */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  ms = 8000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within ${ms} ms`)), ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}
