import net from 'node:net';

export type ProxyMode = 'open' | 'blackhole' | 'refuse';

export type TcpProxy = {
  port: number;
  /** Every connection now open through the proxy. */
  connections(): number;
  /**
   * open: forwards; blackhole: drops open connections and holds new ones silent (a network that
   * swallows packets); refuse: drops open connections and stops listening (a database that is down).
   */
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
};

/** A TCP proxy on a free local port to `target`, so that a test can take the database away without touching it. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: ProxyMode = 'open';
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'open') return; // held silent
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const dropAll = () => sockets.forEach((s) => s.destroy());

  return {
    port,
    connections: () => sockets.size,
    async set(next) {
      if (next !== 'open') dropAll();
      if (next === 'refuse' && server.listening) await new Promise<void>((r) => server.close(() => r()));
      if (next !== 'refuse' && !server.listening) await listen(port);
      mode = next;
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
