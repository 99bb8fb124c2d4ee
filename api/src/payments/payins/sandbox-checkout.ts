import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PAYIN_MESSAGES as PI } from 'shared/messages';
import { currencyDigits } from 'shared/money';
import { escapeHtml } from '../../mail/templates';
import { isApiLocale, translatorFor } from '../../i18n/server-i18n';
import { SANDBOX_TEST_CARDS, type SandboxPayinProvider, type SandboxPayinRow } from './sandbox-payins';

/**
 * The sandbox's hosted payment page, served by this server as a provider
 * serves its own: the client picks a test card and pays, or cancels, and is
 * sent back to the contract. A page of its own (no script, no outside
 * resource), under the same content security policy as everything else. The
 * card chosen here is posted to this page, never to /api/v1.
 */

const OUTCOME_LABEL = {
  succeeds: PI.cardSucceeds,
  declined: PI.cardDeclined,
  fails: PI.cardFails,
  pending: PI.cardPending,
  timeout: PI.cardTimeout,
} as const;

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f1ec; color: #1f2328; line-height: 1.5; }
  main { max-width: 30rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
  @media (max-width: 32rem) { main { margin: 0; border-radius: 0; min-height: 100vh; box-sizing: border-box; } }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
  .badge { display: inline-block; font-size: .8rem; background: #fff3c4; color: #5c4400; padding: .1rem .5rem; border-radius: 4px; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0 1rem; }
  fieldset { border: 1px solid #d0d4d9; border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1rem; }
  label { display: flex; gap: .6rem; align-items: center; padding: .45rem 0; cursor: pointer; }
  .card { display: flex; flex-wrap: wrap; column-gap: .6rem; }
  .number { font-family: ui-monospace, monospace; white-space: nowrap; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; }
  button { font: inherit; padding: .65rem 1.2rem; border-radius: 8px; border: 1px solid #1b5e4a; cursor: pointer; }
  .pay { background: #1b5e4a; color: #fff; }
  .cancel { background: #fff; color: #1b5e4a; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`;

function money(amount: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

function page(request: FastifyRequest, title: string, body: string): string {
  // An empty icon: without one the browser asks for /favicon.ico, which this server does not have (a 404 in the console).
  return `<!doctype html><html lang="${request.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The path of the page the client goes back to: always on this origin. */
function backPath(row: SandboxPayinRow): string {
  if (!row.return_url) return '/';
  const url = new URL(row.return_url, 'http://sandbox.invalid');
  return `${url.pathname}${url.search}`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export const sandboxCheckoutRoutes: FastifyPluginAsync<{ provider: SandboxPayinProvider }> = async (app, { provider }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, 404, page(request, request.t(PI.pageTitle), `<h1>${escapeHtml(request.t(PI.pageNotFound))}</h1>`));

  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    // The client's language, given by the merchant in the page's address, as providers' checkout pages take it.
    if (isApiLocale(request.query.lang)) {
      request.locale = request.query.lang;
      request.t = translatorFor(request.query.lang);
    }
    const row = await provider.page(request.params.id);
    if (!row) return notFound(request, reply);
    const t = request.t;
    const heading = `<p class="badge">Sandbox</p><h1>${escapeHtml(t(PI.pageTitle))}</h1>`;
    if (row.status !== 'PENDING' || row.outcome) {
      return send(
        reply,
        200,
        page(
          request,
          t(PI.pageTitle),
          `${heading}<p>${escapeHtml(t(PI.pageDone))}</p><p><a href="${escapeHtml(backPath(row))}">${escapeHtml(t(PI.pageBack))}</a></p>`,
        ),
      );
    }
    const cards = SANDBOX_TEST_CARDS.map(
      (card, index) =>
        `<label><input type="radio" name="card" value="${card.number.replace(/\s/g, '')}"${index === 0 ? ' checked' : ''}> <span class="card"><span class="number">${card.number}</span> <span>${escapeHtml(t(OUTCOME_LABEL[card.outcome]))}</span></span></label>`,
    ).join('');
    const action = `/sandbox/checkout/${encodeURIComponent(row.id)}?lang=${request.locale}`;
    return send(
      reply,
      200,
      page(
        request,
        t(PI.pageTitle),
        `${heading}<p>${escapeHtml(t(PI.pageIntro))}</p><p>${escapeHtml(row.description)}</p>
<p>${escapeHtml(t(PI.pageAmount))}</p><p class="amount">${escapeHtml(money(Number(row.amount), row.currency, request.locale))}</p>
<form method="post" action="${action}"><fieldset><legend>${escapeHtml(t(PI.pageCards))}</legend>${cards}</fieldset>
<div class="actions"><button class="pay" type="submit" name="choice" value="pay">${escapeHtml(t(PI.pagePay))}</button>
<button class="cancel" type="submit" name="choice" value="cancel">${escapeHtml(t(PI.pageCancel))}</button></div></form>`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>('/sandbox/checkout/:id', async (request, reply) => {
    // Only the chosen test card's choice is read: the form carries nothing else.
    const form = request.body ?? {};
    const row = await provider.choose(request.params.id, form.choice === 'cancel' ? null : String(form.card ?? ''));
    if (!row) return notFound(request, reply);
    return reply.redirect(backPath(row), 303);
  });
};
