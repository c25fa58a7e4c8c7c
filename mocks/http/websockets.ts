import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { FakeServer } from '../server';
import { MAX_MESSAGE_BYTES } from '../realtime';

/**
 * Hands the HTTP server's websocket upgrades to the fake server's realtime service: an unknown path
 * is answered 404 and one socket too many 503, each with an OperationOutcome; frames larger than
 * MAX_MESSAGE_BYTES close the socket (1009). Returns a function that closes every open socket.
 */
export function acceptWebSockets(server: Server, fake: FakeServer): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const url = `http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`;
    const opening = fake.realtime.open(url);
    if (!('attach' in opening)) {
      const body = JSON.stringify(opening.toOutcome());
      stream.end(
        `HTTP/1.1 ${opening.status} ${opening.status === 404 ? 'Not Found' : 'Service Unavailable'}\r\n` +
          'Content-Type: application/fhir+json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
      );
      return;
    }
    sockets.handleUpgrade(request, stream, head, (socket) => {
      const session = opening.attach({
        send: (text) => socket.send(text),
        close: (code, reason) => socket.close(code, reason),
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary) session.receive(String(data));
      });
      socket.on('close', () => session.closed());
      socket.on('error', () => socket.terminate());
    });
  });
  return () => {
    for (const socket of sockets.clients) socket.terminate();
    sockets.close();
  };
}
