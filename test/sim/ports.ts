import net from 'node:net';

/** A port nobody listens on (fetch refuses some well-known ports such as 9, so pick a real free one). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
