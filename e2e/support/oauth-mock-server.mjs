#!/usr/bin/env node
// A stand-in OAuth 2 / OpenID Connect provider for the end-to-end tests, so
// "Continue with Google" runs the real authorization-code flow against a local
// server: /authorize redirects straight back with a code (the person has
// "consented"), /token trades the code for an access token, /userinfo
// describes one fixed test person.
//   node support/oauth-mock-server.mjs [port]   (or OAUTH_MOCK_PORT)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? process.env.OAUTH_MOCK_PORT ?? 3150);
const host = process.env.OAUTH_MOCK_HOST ?? '127.0.0.1';

export const TEST_PERSON = {
  sub: 'google-tester-0001',
  email: 'google.tester@example.com',
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Tester',
  name: 'Grace Tester',
};

const codes = new Set();
const accessTokens = new Set();

function json(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readForm(request) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}:${port}`);
  if (request.method === 'GET' && url.pathname === '/health') return json(response, 200, { status: 'ok' });

  if (request.method === 'GET' && url.pathname === '/authorize') {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (!redirectUri || url.searchParams.get('response_type') !== 'code' || !url.searchParams.get('client_id')) {
      return json(response, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('hex');
    codes.add(code);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.href });
    return response.end();
  }

  if (request.method === 'POST' && url.pathname === '/token') {
    const form = await readForm(request);
    const code = form.get('code');
    if (form.get('grant_type') !== 'authorization_code' || !code || !codes.delete(code) || !form.get('client_secret')) {
      return json(response, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(24).toString('hex');
    accessTokens.add(accessToken);
    return json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
  }

  if (request.method === 'GET' && url.pathname === '/userinfo') {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !accessTokens.has(token)) return json(response, 401, { error: 'invalid_token' });
    return json(response, 200, TEST_PERSON);
  }

  json(response, 404, { error: 'not_found' });
});

server.listen(port, host, () => console.log(`OAuth mock listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
