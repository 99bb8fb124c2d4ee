import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_DELIVERIES, type EmailCategory, type EmailDelivery, type EmailPreferences } from 'shared/contract';
import { EMAIL_CATEGORY_DESCRIPTIONS, EMAIL_CATEGORY_LABELS, EMAIL_DELIVERY_LABELS } from 'shared/messages';
import { queryKeys } from 'shared/query';
import { notify, Spinner } from 'shared/ui';
import { changeEmailPreference, getEmailPreferences } from './api/email-preferences';
import './email-preferences-card.css';

/**
 * How each kind of e-mail reaches the person (as it happens, once a day, never), saved as it
 * is chosen. Account, security and payment e-mails are not listed: they are always sent.
 */
export function EmailPreferencesCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: queryKeys.emailPreferences.own(), queryFn: ({ signal }) => getEmailPreferences(signal) });
  const [saving, setSaving] = useState(0);
  // Changes are sent one after another, so the last choice is the one the server keeps; the
  // choices stay enabled meanwhile, so a keyboard user's arrow keys keep their focus.
  const queue = useRef(Promise.resolve());

  const change = (category: EmailCategory, delivery: EmailDelivery) => {
    const key = queryKeys.emailPreferences.own();
    const before = queryClient.getQueryData<EmailPreferences>(key);
    // The choice follows the click at once; it goes back if the change is refused.
    if (before) {
      queryClient.setQueryData<EmailPreferences>(key, {
        preferences: before.preferences.map((preference) => (preference.category === category ? { category, delivery } : preference)),
      });
    }
    queue.current = queue.current.then(() => save(category, delivery, before));
  };

  const save = async (category: EmailCategory, delivery: EmailDelivery, before: EmailPreferences | undefined) => {
    const key = queryKeys.emailPreferences.own();
    setSaving((count) => count + 1);
    try {
      const saved = await changeEmailPreference({ category, delivery });
      // A later choice already shows: only the last answer replaces what is on screen.
      if (queryClient.getQueryData<EmailPreferences>(key)?.preferences.find((preference) => preference.category === category)?.delivery === delivery)
        queryClient.setQueryData(key, saved);
      const label = i18n._(EMAIL_CATEGORY_LABELS[category]);
      notify.success(
        delivery === 'off'
          ? t`You will no longer get e-mails about “${label}”.`
          : delivery === 'daily'
            ? t`You will get one e-mail a day about “${label}”, in the morning.`
            : t`You will get e-mails about “${label}” as it happens.`,
      );
    } catch {
      if (before) queryClient.setQueryData(key, before);
      notify.error(t`Your e-mail settings could not be saved. Try again.`);
    } finally {
      setSaving((count) => count - 1);
    }
  };

  return (
    <section className="ui-card client-settings__card" aria-labelledby="settings-email">
      <div>
        <h2 id="settings-email">
          <Trans>E-mail notifications</Trans>
        </h2>
        <p>
          <Trans>Choose what we e-mail you about. E-mails about your account, its security and your payments are always sent.</Trans>
        </p>
      </div>
      {preferences.isPending ? (
        <div role="status" aria-label={t`Loading your e-mail settings`}>
          <Spinner />
        </div>
      ) : preferences.isError ? (
        <div className="email-preferences__error" role="alert">
          <p>{t`Your e-mail settings could not be loaded.`}</p>
          <button type="button" className="ui-button ui-button--ghost" onClick={() => void preferences.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : (
        <div className="email-preferences" aria-busy={saving > 0}>
          {preferences.data.preferences.map(({ category, delivery }) => (
            <fieldset key={category} className="email-preferences__item" aria-describedby={`email-category-${category}-about`}>
              <legend className="email-preferences__label">{i18n._(EMAIL_CATEGORY_LABELS[category])}</legend>
              <span className="email-preferences__description" id={`email-category-${category}-about`}>
                {i18n._(EMAIL_CATEGORY_DESCRIPTIONS[category])}
              </span>
              <div className="email-preferences__choices">
                {EMAIL_DELIVERIES.map((choice) => (
                  <label key={choice} className="email-preferences__choice">
                    <input
                      type="radio"
                      name={`email-delivery-${category}`}
                      value={choice}
                      checked={delivery === choice}
                      onChange={() => change(category, choice)}
                    />
                    {i18n._(EMAIL_DELIVERY_LABELS[choice])}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}
