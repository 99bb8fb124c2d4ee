import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from 'shared/contract';
import { queryKeys } from 'shared/query';
import { formatDateTime, notify, SOMETHING_WENT_WRONG, Spinner } from 'shared/ui';
import { endSession, getSessions } from './api/sessions';

/** The country's name in the reader's language, from the code the proxy gave. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The devices signed in to the account (browser, place, last use), this one
 * marked; any other can be signed out, one by one or all at once.
 */
export function SessionsCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: queryKeys.accountSecurity.sessions(), queryFn: ({ signal }) => getSessions(signal) });
  const [busy, setBusy] = useState<string | null>(null);

  const end = async (targets: AccountSession[], key: string) => {
    setBusy(key);
    try {
      for (const session of targets) await endSession(session.id);
      notify.success(targets.length === 1 ? t`That device is signed out.` : t`Every other device is signed out.`);
    } catch {
      notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity.sessions() });
    }
  };

  const place = (session: AccountSession) =>
    [session.country ? countryName(session.country, i18n.locale) : null, session.ip_address].filter(Boolean).join(' · ') || t`Unknown place`;

  let body;
  if (sessions.isPending) body = <Spinner label={t`Loading…`} />;
  else if (sessions.isError)
    body = (
      <div className="client-settings__notice client-settings__notice--error" role="alert">
        <p>{t`Your devices could not be loaded.`}</p>
        <button type="button" className="ui-button ui-button--ghost" onClick={() => void sessions.refetch()}>
          {t`Try again`}
        </button>
      </div>
    );
  else {
    const others = sessions.data.data.filter((session) => !session.current);
    body = (
      <>
        <ul className="client-settings__sessions" aria-label={t`Signed-in devices`}>
          {sessions.data.data.map((session) => (
            <li key={session.id} className="client-settings__session">
              <div>
                <p className="client-settings__session-browser">
                  {session.browser}
                  {session.current && <span className="client-settings__badge">{t`This device`}</span>}
                </p>
                <p className="client-settings__session-meta">
                  {place(session)} · {t`last seen ${formatDateTime(session.last_seen_at, i18n.locale)}`}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="ui-button ui-button--ghost"
                  disabled={busy !== null}
                  onClick={() => void end([session], session.id)}
                  aria-label={t`Sign out ${session.browser}, last seen ${formatDateTime(session.last_seen_at, i18n.locale)}`}
                >
                  {t`Sign out`}
                </button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <div className="client-settings__actions">
            <button type="button" className="ui-button ui-button--ghost" disabled={busy !== null} onClick={() => void end(others, 'others')}>
              {t`Sign out everywhere else`}
            </button>
          </div>
        ) : (
          <p>{t`No other device is signed in.`}</p>
        )}
      </>
    );
  }

  return (
    <section className="ui-card client-settings__card" aria-labelledby="settings-sessions">
      <div>
        <h2 id="settings-sessions">
          <Trans>Devices</Trans>
        </h2>
        <p>
          <Trans>The browsers and phones signed in to your account. Sign out any you do not recognise, then change your password.</Trans>
        </p>
      </div>
      {body}
    </section>
  );
}
