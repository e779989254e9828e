import dns2 from 'dns2';

/*
 * A DNS server on loopback (UDP, as Node's resolver asks) answering TXT and A records the test publishes, and
 * NXDOMAIN for anything else: what a domain's owner would have at their DNS host. Point
 * DNS_SERVERS at `server`.
 */

export interface FakeDns {
  /** `127.0.0.1:<port>` */
  server: string;
  port: number;
  txt: Map<string, string[]>;
  a: Map<string, string>;
  close: () => Promise<void>;
}

export async function startFakeDns(): Promise<FakeDns> {
  const { Packet } = dns2;
  const NXDOMAIN = 3;
  const txt = new Map<string, string[]>();
  const a = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      if (question?.type === Packet.TYPE.TXT && txt.has(name)) {
        for (const data of txt.get(name)!)
          response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data } as never);
      } else if (question?.type === Packet.TYPE.A && a.has(name)) {
        response.answers.push({
          name,
          type: Packet.TYPE.A,
          class: Packet.CLASS.IN,
          ttl: 60,
          address: a.get(name),
        } as never);
      } else if (!txt.has(name) && !a.has(name)) {
        response.header.rcode = NXDOMAIN;
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const udp = addresses.udp as { port: number };
  return {
    server: `127.0.0.1:${udp.port}`,
    port: udp.port,
    txt,
    a,
    close: () => server.close(),
  };
}
