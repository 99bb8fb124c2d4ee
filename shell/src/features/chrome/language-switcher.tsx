import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_LABELS, isLocale, useLocale } from 'shared/i18n';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';

/** English / Français; every mounted remote re-renders in the chosen language, without a reload. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const [locale, setLocale] = useLocale();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="ui-visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) setLocale(next).catch(() => notify.error(i18n._(SOMETHING_WENT_WRONG)));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_LABELS[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
