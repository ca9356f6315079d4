import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on at this moment: the OS picks it, and it is free
 * again as soon as this resolves (for the embedded PostgreSQL, and for servers tests start).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
