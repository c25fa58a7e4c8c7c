import { ws, type WebSocketHandler } from 'msw';
import type { FakeServer } from '../server';
import { byteLength, CLOSE_TOO_BIG, MAX_MESSAGE_BYTES } from './sockets';

/**
 * The fake server's websockets for msw's in-page host (`npm run dev`): msw's websocket link takes
 * the page's sockets to /ws/... on the app's origin and hands them to the realtime service, with the
 * same refusals and frame limit as the HTTP host.
 */
export function realtimeLink(fake: FakeServer, origin: string): WebSocketHandler {
  const link = ws.link(`${origin.replace(/^http/, 'ws')}/ws/*`);
  return link.addEventListener('connection', ({ client }) => {
    const opening = fake.realtime.open(client.url.href.replace(/^ws/, 'http'));
    if (!('attach' in opening)) {
      client.close(1008, opening.message);
      return;
    }
    const session = opening.attach({
      send: (text) => client.send(text),
      close: (code, reason) => client.close(code, reason),
    });
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      if (byteLength(event.data) > MAX_MESSAGE_BYTES) client.close(CLOSE_TOO_BIG, 'Message too big');
      else session.receive(event.data);
    });
    client.addEventListener('close', () => session.closed());
  });
}
