import { useEffect, useState, type ReactElement } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import type { SocialProvider } from 'shared/contract';
import { authApi } from '../common/api/auth-api';

function GoogleIcon() {
  return (
    <svg className="auth-social__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.2V7H2a11 11 0 0 0 0 9.9z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7l3.7 2.8C6.6 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg className="auth-social__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path fill="#fff" d="M13.4 23v-8h2.7l.4-3.2h-3.1V9.8c0-.9.3-1.5 1.6-1.5h1.6V5.5a22 22 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.3H7.5V15h2.7v8z" />
    </svg>
  );
}

const ICONS: Record<SocialProvider, () => ReactElement> = { google: GoogleIcon, facebook: FacebookIcon };

/**
 * "Continue with Google / Facebook": only the providers the server offers (a
 * button that can only fail is worse than none); asks the API for the
 * provider's consent page, then leaves for it.
 */
export function SocialButtons() {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [providers, setProviders] = useState<SocialProvider[]>([]);

  useEffect(() => {
    let active = true;
    authApi.socialProviders().then(
      (answer) => active && setProviders(answer.providers.filter((name) => name in ICONS)),
      // Without the list, password sign-in still works: show no provider.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const start = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      const { url } = await authApi.socialLink(provider);
      window.location.assign(url);
    } catch (error) {
      setBusy(null);
      notify.error(isApiError(error) && error.status < 500 && error.status > 0 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    }
  };

  if (providers.length === 0) return null;
  const labels: Record<SocialProvider, string> = { google: t`Continue with Google`, facebook: t`Continue with Facebook` };
  return (
    <>
      <p className="auth-divider">{t`or`}</p>
      <div className="auth-social">
        {providers.map((provider) => {
          const Icon = ICONS[provider];
          return (
            <button key={provider} type="button" className="ui-button ui-button--ghost" disabled={busy !== null} onClick={() => start(provider)}>
              <Icon />
              {labels[provider]}
            </button>
          );
        })}
      </div>
    </>
  );
}
