import { API_MESSAGES as M, PAYOUT_MESSAGES as PM } from 'shared/messages';
import type { UserRow } from '../../accounts/users';
import { translatorFor, type ApiLocale } from '../../i18n/server-i18n';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';
import { maskedOf, type MethodRow } from './payout-service';

/** Every change of where money goes is told to the owner, in their language, so a stolen session cannot redirect payouts unseen. */
export function methodChangedMail(
  user: Pick<UserRow, 'email' | 'first_name' | 'locale'>,
  method: MethodRow,
  change: 'added' | 'removed',
): MailMessage {
  const locale = (user.locale ?? 'en') as ApiLocale;
  const t = translatorFor(locale);
  const described = `${t(method.kind === 'bank' ? PM.methodBank : method.operator === 'mtn' ? PM.methodMtn : PM.methodOrange)} ${maskedOf(method)} (${method.holder_name})`;
  const date = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(method.usable_from),
  );
  const intro =
    change === 'added' ? t(PM.methodAddedIntro, { method: described, date: `${date} UTC` }) : t(PM.methodRemovedIntro, { method: described });
  const lines = [t(M.mailGreeting, { name: user.first_name }), '', intro, '', t(PM.methodNotYou), '', t(M.mailSignature)];
  return {
    to: user.email,
    subject: t(PM.methodChangedSubject),
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family: sans-serif; color: #1d2433; line-height: 1.5">${lines
      .filter((line) => line !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n')}</body></html>`,
  };
}
