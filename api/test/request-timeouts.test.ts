import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './test-app';

/* A client that sends its request a byte at a time is cut off, so a few of them cannot hold connections for ever. */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 400 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** Opens a connection, sends `head`, then a byte every 100 ms; resolves with what the server wrote once it closes. */
function trickle(head: string, ms: number): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const drip = setInterval(() => socket.write(' '), 100);
    const giveUp = setTimeout(() => {
      clearInterval(drip);
      socket.destroy();
      resolve({ answer, closed: false });
    }, ms);
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ answer, closed: true });
    });
    socket.write(head);
  });
}

describe('request timeouts', () => {
  it('closes a body that trickles in past the request timeout with 408', async () => {
    const { answer, closed } = await trickle(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      4000,
    );
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes headers that trickle in', async () => {
    const { closed } = await trickle('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 4000);
    expect(closed).toBe(true);
  });

  it('answers an ordinary request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(response.status).toBe(200);
  });
});
