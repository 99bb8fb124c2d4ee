export interface FakeRequest {
  body: Record<string, unknown> | undefined;
  search: URLSearchParams;
  headers: Headers;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeRoutes = Record<string, (request: FakeRequest) => FakeReply>;

/**
 * Answers the page's API calls from a table keyed by "METHOD path" (path
 * relative to /api/v1) and records them. Unknown calls get a 404.
 */
export function fakeApi(routes: FakeRoutes) {
  const calls: ({ key: string } & FakeRequest)[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace(/^\/api\/v1\//, '')}`;
    const text = await request.text();
    const recorded = {
      key,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      search: url.searchParams,
      headers: request.headers,
    };
    calls.push(recorded);
    const handler = routes[key];
    const reply = handler ? handler(recorded) : { status: 404, body: { message: 'Not found' } };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
