import 'shared/styles.css';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { activateLocale, loadSharedCatalog, readStoredLocale, registerCatalog, useLocale, LOCALES, LOCALE_LABELS, isLocale } from 'shared/i18n';
import { CATALOG_NAME, loadCatalog } from './app/catalog';
import Widget from './app/widget';

/** `pnpm --filter mfe-chat start`: the widget on its own, as the shell mounts it, with a language switch. */
function StandalonePage() {
  const { t } = useLingui();
  const [locale, setLocale] = useLocale();
  return (
    <main className="ui-container ui-page">
      <h1>
        <Trans>Support chat</Trans>
      </h1>
      <label>
        <Trans>Language</Trans>{' '}
        <select value={locale} onChange={(event) => isLocale(event.target.value) && void setLocale(event.target.value)}>
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {LOCALE_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <p>
        <a href="/embed/demo.html">{t`The embed script on a plain page`}</a>
      </p>
      <div style={{ position: 'fixed', right: 24, bottom: 24 }}>
        <Widget />
      </div>
    </main>
  );
}

async function start() {
  const locale = readStoredLocale();
  registerCatalog('shared', loadSharedCatalog, locale).catch(() => undefined);
  registerCatalog(CATALOG_NAME, loadCatalog, locale).catch(() => undefined);
  await activateLocale(locale).catch(() => undefined);
  const container = document.getElementById('root');
  if (container)
    createRoot(container).render(
      <I18nProvider i18n={i18n}>
        <StandalonePage />
      </I18nProvider>,
    );
}

void start();
