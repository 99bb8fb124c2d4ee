import { useState } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { SpecialistProfileSchema, fieldErrors, translateMessage, type FieldErrorMap } from 'shared/schemas';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { Field } from 'shared/forms';
import { useReferenceNames } from '../common/reference';
import type { OwnSpecialistProfile } from 'shared/contract';
import { saveOwnProfile } from '../common/api/specialist-profile';

/** A specialist's trades and area: they decide which requests arrive, so they live on the dashboard. */
export function ServicesCard({ profile, onSaved }: { profile: OwnSpecialistProfile; onSaved: (profile: OwnSpecialistProfile) => void }) {
  const { t, i18n } = useLingui();
  const names = useReferenceNames();
  const [company, setCompany] = useState(profile.company_name);
  const [headline, setHeadline] = useState(profile.headline);
  const [description, setDescription] = useState(profile.description);
  const [categories, setCategories] = useState<string[]>(profile.categories);
  const [country, setCountry] = useState(profile.service_country);
  const [cities, setCities] = useState<string[]>(profile.service_cities);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saving, setSaving] = useState(false);
  const countryCities = names.book?.countries.find((item) => item.code === country)?.cities ?? [];

  const save = async () => {
    const input = { company_name: company, headline, description, categories, service_country: country, service_cities: cities };
    const result = v.safeParse(SpecialistProfileSchema, input);
    if (!result.success) {
      setErrors(fieldErrors(result.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      onSaved(await saveOwnProfile(input));
      notify.success(t`Your services have been saved. Matching requests will reach you.`);
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(error.errors);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  return (
    <form
      className="ui-card client-panel client-services"
      noValidate
      aria-labelledby="client-services-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id="client-services-title">
        <Trans>Your services</Trans>
      </h2>
      <p className="client-muted">
        <Trans>Requests reach you when a project matches one of your trades in your area.</Trans>
      </p>
      <div className="client-row">
        <Field label={t`Company name`} errors={errors.company_name}>
          {(control) => <input {...control} className="ui-field__input" value={company} onChange={(e) => setCompany(e.target.value)} />}
        </Field>
        <Field label={t`Headline`} errors={errors.headline}>
          {(control) => <input {...control} className="ui-field__input" value={headline} onChange={(e) => setHeadline(e.target.value)} />}
        </Field>
      </div>
      <Field label={t`Description`} errors={errors.description}>
        {(control) => <textarea {...control} className="ui-field__input client-textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <fieldset className="client-fieldset" aria-invalid={Boolean(errors.categories)}>
        <legend>{t`Trades`}</legend>
        {names.book?.category_groups.map((group) => (
          <div key={group.code} className="client-checks">
            <p className="client-checks__group">{group.name}</p>
            {names.book?.categories
              .filter((item) => item.group === group.code)
              .map((item) => (
                <label key={item.code} className="client-check">
                  <input type="checkbox" checked={categories.includes(item.code)} onChange={() => setCategories(toggle(categories, item.code))} />
                  {item.name}
                </label>
              ))}
          </div>
        ))}
        <FieldMessages messages={errors.categories} />
      </fieldset>
      <Field label={t`Country you work in`} errors={errors.service_country}>
        {(control) => (
          <select {...control} className="ui-field__input" value={country} onChange={(e) => {
            setCountry(e.target.value);
            setCities([]);
          }}>
            <option value="">{t`Choose a country`}</option>
            {names.book?.countries.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {countryCities.length > 0 && (
        <fieldset className="client-fieldset">
          <legend>{t`Cities (none chosen means the whole country)`}</legend>
          <div className="client-checks">
            {countryCities.map((city) => (
              <label key={city} className="client-check">
                <input type="checkbox" checked={cities.includes(city)} onChange={() => setCities(toggle(cities, city))} />
                {city}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="client-create__actions">
        <button type="submit" className="ui-button" disabled={saving}>
          {saving ? t`Saving…` : t`Save my services`}
        </button>
      </div>
    </form>
  );
}

function FieldMessages({ messages }: { messages?: string[] }) {
  const { i18n } = useLingui();
  if (!messages?.length) return null;
  return (
    <div className="ui-field__errors" role="alert">
      {messages.map((message) => (
        <p key={message} className="ui-field__error">
          {translateMessage(message, (descriptor) => i18n._(descriptor))}
        </p>
      ))}
    </div>
  );
}
