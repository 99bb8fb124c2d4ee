#!/usr/bin/env node
// A stand-in OpenID Connect provider (oauth2-mock-server) for the end-to-end
// tests, so "Continue with Google" runs the real authorization-code flow with
// PKCE and a nonce against a local server: /authorize redirects straight back
// with a code (the person has "consented"), /token checks the PKCE verifier
// and returns a signed ID token carrying the nonce, /userinfo describes the
// person who signed in.
//   node support/oauth-mock-server.mjs [port]   (or OAUTH_MOCK_PORT)
// POST /next-person with a JSON profile makes the next authorization sign in
// as that person (once); otherwise it is TEST_PERSON.
import { createServer } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.argv[2] ?? process.env.OAUTH_MOCK_PORT ?? 3150);
const host = process.env.OAUTH_MOCK_HOST ?? '127.0.0.1';

const TEST_PERSON = {
  sub: 'google-tester-0001',
  email: 'google.tester@example.com',
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Tester',
  name: 'Grace Tester',
};

const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
// The issuer the API is told about (GOOGLE_ISSUER): the ID tokens' `iss`.
provider.issuer.url = `http://${host}:${port}`;

let nextPerson;
const personByCode = new Map();
const personByAccessToken = new Map();
const bearer = (request) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

provider.service.on('beforeAuthorizeRedirect', ({ url }) => {
  const code = url.searchParams.get('code');
  if (code) personByCode.set(code, nextPerson ?? TEST_PERSON);
  nextPerson = undefined;
});
provider.service.on('beforeTokenSigning', (token, request) => {
  const person = personByCode.get(request.body?.code);
  if (person) token.payload.sub = person.sub;
});
provider.service.on('beforeResponse', (response, request) => {
  const person = personByCode.get(request.body?.code);
  personByCode.delete(request.body?.code);
  if (person && response.body?.access_token) personByAccessToken.set(response.body.access_token, person);
});
provider.service.on('beforeUserinfo', (response, request) => {
  const person = personByAccessToken.get(bearer(request));
  if (!person) {
    response.statusCode = 401;
    response.body = { error: 'invalid_token' };
    return;
  }
  response.body = person;
});

async function readJson(request) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return JSON.parse(body || '{}');
}

const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', `http://${host}:${port}`).pathname;
  if (request.method === 'GET' && path === '/health') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify({ status: 'ok' }));
  }
  if (request.method === 'POST' && path === '/next-person') {
    nextPerson = { ...TEST_PERSON, ...(await readJson(request)) };
    response.writeHead(204);
    return response.end();
  }
  return provider.service.requestHandler(request, response);
});

server.listen(port, host, () => console.log(`OAuth mock listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
