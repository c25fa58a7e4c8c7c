/**
 * A localhost proxy in front of a host that answers API requests (/fhir, /auth, /oauth2) `delayMs`
 * late, as a slow network would; pages, scripts and websockets pass straight through. It counts the
 * API requests it forwarded.
 */
import http from 'node:http';
import net from 'node:net';

const API = /^\/(fhir|auth|oauth2)\//;

export interface Proxy {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** A proxy in front of the host that answers API requests `delayMs` late; websockets pass straight through. */
export async function delayingProxy(target: string, delayMs: number): Promise<Proxy> {
  const origin = new URL(target);
  const proxy: Proxy = { url: '', requests: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (API.test(path)) proxy.requests++;
      const headers = { ...request.headers, host: origin.host };
      const upstream = http.request(
        { host: origin.hostname, port: origin.port, path, method: request.method, headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            setTimeout(
              () => {
                response.writeHead(answer.statusCode ?? 502, answer.headers);
                response.end(Buffer.concat(body));
              },
              API.test(path) ? delayMs : 0
            );
          });
        }
      );
      upstream.on('error', () => response.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(origin.port), origin.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  proxy.url = `http://127.0.0.1:${address.port}/`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
