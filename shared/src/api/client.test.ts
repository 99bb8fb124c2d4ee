import { createApiClient, send } from './client';
import { ApiError } from './api-error';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function recordingFetch(response: () => Response) {
  const requests: Request[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return response();
  });
  return { fetch: fetchFn as unknown as typeof fetch, requests };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client (docs/product.md §7)', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('calls <origin>/api/v1 with JSON headers, the bearer token and the XSRF cookie', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%20value';
    const { fetch, requests } = recordingFetch(() => json({ ok: true }));
    const client = createApiClient({
      tokenKey: 'access_token',
      baseUrl: 'https://app.example/api/v1',
      storage: memoryStorage({ access_token: 'tok123' }),
      fetch,
    });
    await expect(send(client.get('auth/me'))).resolves.toEqual({ ok: true });
    const request = requests[0]!;
    expect(request.url).toBe('https://app.example/api/v1/auth/me');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Authorization')).toBe('Bearer tok123');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('xsrf value');
  });

  it('sends no Authorization header without a stored token, and uses the admin token for the admin client', async () => {
    const { fetch, requests } = recordingFetch(() => json({}));
    const storage = memoryStorage({ admin_access_token: 'admin-tok' });
    await send(createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage, fetch }).get('plans'));
    await send(createApiClient({ tokenKey: 'admin_access_token', baseUrl: 'http://x/api/v1', storage, fetch }).get('admin/auth/me'));
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
    expect(requests[1]!.headers.get('Authorization')).toBe('Bearer admin-tok');
  });

  it('keeps the multipart content type of form uploads', async () => {
    const { fetch, requests } = recordingFetch(() => json({ id: 1 }));
    const client = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage: memoryStorage(), fetch });
    const form = new FormData();
    form.append('title', 'Kitchen');
    await send(client.post('projects', { body: form }));
    expect(requests[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('returns undefined for 204 answers', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage: memoryStorage(), fetch });
    await expect(send(client.post('auth/logout'))).resolves.toBeUndefined();
  });

  it('turns a 422 answer into an ApiError carrying the field errors', async () => {
    const { fetch } = recordingFetch(() =>
      json({ message: 'Invalid data', errors: { email: ['Please enter a valid email.'], city: 'Please enter your city' } }, 422),
    );
    const client = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage: memoryStorage(), fetch });
    const error = await send(client.post('auth/sign-up', { json: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 422, message: 'Invalid data' });
    expect((error as ApiError).fieldError('email')).toBe('Please enter a valid email.');
    expect((error as ApiError).errors.city).toEqual(['Please enter your city']);
  });

  it('keeps the status of an error answer that is not JSON', async () => {
    const { fetch } = recordingFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const client = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage: memoryStorage(), fetch });
    await expect(send(client.get('plans'))).rejects.toMatchObject({ kind: 'http', status: 502, message: 'Bad Gateway' });
  });

  it('reports a network failure as a network error with status 0', async () => {
    const fetchFn = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    const client = createApiClient({ tokenKey: 'access_token', baseUrl: 'http://x/api/v1', storage: memoryStorage(), fetch: fetchFn });
    await expect(send(client.get('plans'))).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});
