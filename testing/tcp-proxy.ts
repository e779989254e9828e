import net from 'node:net';

/**
 * A TCP relay on loopback in front of a real server (PostgreSQL), so a test can take the server
 * out of reach for one app without touching the server others share: `cut` ends every relayed
 * connection (as a server restart does), `stop` also refuses new ones, `start` answers again on
 * the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(socket);
      socket.pipe(other);
      // Either end closing, or failing, ends the other too, as a lost connection does.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
  };
  const listen = (server: net.Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  let server = net.createServer(relay);
  await listen(server, 0);
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    for (const socket of open) socket.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      cut();
    });
  return {
    port,
    cut,
    stop,
    start: async () => {
      server = net.createServer(relay);
      await listen(server, port);
    },
  };
}
