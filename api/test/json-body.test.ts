import { Readable } from 'node:stream';
import { JsonDepthScanner } from '../src/plugins/json-body';
import { createTestApp, type TestApp } from './test-app';

/*
 * JSON nested too deep is refused while the body is read, before JSON.parse
 * spends the event loop on it, and a JSON body larger than any route takes is
 * refused by size.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A request body that sends `head` and then never ends, like a client that keeps the upload open. */
function neverEnding(head: string): Readable {
  return new Readable({
    read() {
      if (head) {
        this.push(head);
        head = '';
      }
    },
  });
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

describe('JSON bodies', () => {
  it('refuses nesting past 32 levels as soon as it arrives, without waiting for the rest of the body', async () => {
    const response = await within(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: neverEnding(`{"password":"x","email":${'['.repeat(40)}`),
      }),
      3000,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Please check the highlighted fields.', errors: { email: [expect.any(String)] } });
  });

  it('answers a megabyte of brackets with a 4xx and no route reached', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(1024 * 1024),
    });
    expect([413, 422]).toContain(response.statusCode);
  });

  it('refuses a JSON body larger than any route takes with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('still reads ordinary bodies, brackets inside strings included', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: `[{${'['.repeat(100)}"\\` }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('JsonDepthScanner', () => {
  it('counts brackets outside strings only, across chunks, and names the top-level field', () => {
    const scanner = new JsonDepthScanner(3);
    expect(scanner.push(Buffer.from('{"a\\"b":"[[[[","c'))).toBe(true);
    expect(scanner.push(Buffer.from('d":[[1],{"x":2}],"deep":[['))).toBe(true);
    expect(scanner.push(Buffer.from('['))).toBe(false);
    expect(scanner.tooDeepField).toBe('deep');
  });
});
