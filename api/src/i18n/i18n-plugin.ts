import fp from 'fastify-plugin';
import { localeFromHeader, translatorFor, type ApiLocale, type Translator } from './server-i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language (Accept-Language). */
    locale: ApiLocale;
    /** Translates a shared-catalog message into the caller's language. */
    t: Translator;
  }
}

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('locale', 'en');
    app.decorateRequest('t', null as unknown as Translator);
    app.addHook('onRequest', async (request) => {
      request.locale = localeFromHeader(request.headers['accept-language']);
      request.t = translatorFor(request.locale);
    });
  },
  { name: 'i18n' },
);
