import type { FastifyInstance } from 'fastify';
import {
  EmailPreferenceChangeSchema,
  EmailPreferencesSchema,
  errorResponses,
  UnsubscribeQuerySchema,
  UnsubscribeStateSchema,
  type EmailPreferences,
} from 'shared/contract';
import { EMAIL_PREFERENCE_MESSAGES as PM } from 'shared/messages';
import type { FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { SIGNED_IN } from '../../accounts/signed-in';
import { deliveriesOf, setPreference } from '../../mail/email-preferences';

const TAGS = ['accounts'];

/**
 * The e-mails a person may turn off: in Settings (signed in), and from the
 * signed link of such an e-mail (no sign-in: the link is the authority). A
 * mail client's one-click unsubscribe (RFC 8058) POSTs a form to the same
 * address the page uses.
 */
export async function emailPreferenceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  const preferencesOf = async (userId: string): Promise<EmailPreferences> => ({ preferences: await deliveriesOf(app.db, userId) });

  api.get(
    '/email/preferences',
    {
      preValidation: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'The kinds of e-mail the signed-in person may change, and how each is sent (as it happens, once a day, never)',
        security: SIGNED_IN,
        response: { 200: EmailPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => preferencesOf(request.user!.id),
  );

  api.put(
    '/email/preferences',
    {
      preValidation: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'How one kind of e-mail is sent from now on (account, security and money e-mails are always sent as they happen)',
        security: SIGNED_IN,
        body: EmailPreferenceChangeSchema,
        response: { 200: EmailPreferencesSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      await setPreference(app.db, request.user!.id, request.body.category, request.body.delivery);
      return preferencesOf(request.user!.id);
    },
  );

  /** The person and category of a link, or 404 with a message saying what to do instead. */
  const linkOf = async (request: FastifyRequest, token: string) => {
    const named = await app.mailLinks.read(token);
    const { rows } = named ? await app.db.query('SELECT 1 FROM users WHERE id = $1', [named.userId]) : { rows: [] };
    if (!named || rows.length === 0) throw new HttpError(404, request.t(PM.unsubscribeInvalid));
    return named;
  };

  await app.register(async (links) => {
    // What mail clients send for a one-click unsubscribe: `List-Unsubscribe=One-Click` as a form.
    // The signed address is what counts; the body is read only so that it is accepted.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      links.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    }
    const linked = links.withTypeProvider<ValibotTypeProvider>();

    linked.get(
      '/email/unsubscribe',
      {
        schema: {
          tags: TAGS,
          summary: 'What an unsubscribe link is about, and whether that kind of e-mail is on (changes nothing)',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeStateSchema, ...errorResponses(404, 422) },
        },
      },
      async (request) => {
        const { userId, category } = await linkOf(request, request.query.token);
        const { delivery } = (await deliveriesOf(app.db, userId)).find((preference) => preference.category === category)!;
        return { category, enabled: delivery !== 'off' };
      },
    );

    linked.post(
      '/email/unsubscribe',
      {
        schema: {
          tags: TAGS,
          summary: 'Stop the kind of e-mail a signed link names, at once: the page’s button and mail clients’ one-click unsubscribe (RFC 8058)',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeStateSchema, ...errorResponses(404, 422) },
        },
      },
      async (request) => {
        const { userId, category } = await linkOf(request, request.query.token);
        await setPreference(app.db, userId, category, 'off');
        return { category, enabled: false };
      },
    );

    linked.post(
      '/email/resubscribe',
      {
        schema: {
          tags: TAGS,
          summary: 'Turn back on the kind of e-mail a signed unsubscribe link names (the page’s undo)',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeStateSchema, ...errorResponses(404, 422) },
        },
      },
      async (request) => {
        const { userId, category } = await linkOf(request, request.query.token);
        await setPreference(app.db, userId, category, 'instant');
        return { category, enabled: true };
      },
    );
  });
}
