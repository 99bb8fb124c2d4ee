export interface FakeCall {
  key: string;
  body: Record<string, unknown> | undefined;
  search: URLSearchParams;
}

export type FakeHandler = (call: FakeCall) => { status?: number; body?: unknown };

/**
 * Answers the admin API from a table keyed by "METHOD path" (relative to
 * /api/v1) and records every call; anything else gets a 404.
 */
export function fakeAdminApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: FakeCall = {
      key: `${request.method} ${url.pathname.replace(/^\/api\/v1\//, '')}`,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      search: url.searchParams,
    };
    calls.push(call);
    const handler = routes[call.key];
    const reply = handler ? handler(call) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
