import 'shared/styles.css';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLocale, loadSharedCatalog, readStoredLocale, registerCatalog, useLocale, LOCALES, LOCALE_LABELS, isLocale } from 'shared/i18n';
import Widget from './app/widget';

function StandalonePage() {
  const [locale, setLocale] = useLocale();
  return (
    <main className="ui-container ui-page">
      <h1>Support chat</h1>
      <select
        aria-label="Language"
        value={locale}
        onChange={(event) => isLocale(event.target.value) && void setLocale(event.target.value)}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {LOCALE_LABELS[code]}
          </option>
        ))}
      </select>
      <div style={{ position: 'fixed', right: 24, bottom: 24 }}>
        <Widget />
      </div>
    </main>
  );
}

async function start() {
  registerCatalog('shared', loadSharedCatalog).catch(() => undefined);
  await activateLocale(readStoredLocale()).catch(() => undefined);
  const container = document.getElementById('root');
  if (container)
    createRoot(container).render(
      <I18nProvider i18n={i18n}>
        <StandalonePage />
      </I18nProvider>,
    );
}

void start();
