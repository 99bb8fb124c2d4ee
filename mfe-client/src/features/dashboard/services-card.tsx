import { Trans, useLingui } from '@lingui/react/macro';
import { SpecialistProfileSchema, translateMessage } from 'shared/schemas';
import { notify } from 'shared/ui';
import { Field, useForm } from 'shared/forms';
import { useReferenceNames } from '../common/reference';
import type { OwnSpecialistProfile } from 'shared/contract';
import { saveOwnProfile } from '../common/api/specialist-profile';

/** A specialist's trades and area: they decide which requests arrive, so they live on the dashboard. */
export function ServicesCard({ profile, onSaved }: { profile: OwnSpecialistProfile; onSaved: (profile: OwnSpecialistProfile) => void }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const form = useForm({
    initialValues: {
      company_name: profile.company_name,
      headline: profile.headline,
      description: profile.description,
      categories: profile.categories,
      service_country: profile.service_country,
      service_cities: profile.service_cities,
    },
    schema: SpecialistProfileSchema,
  });
  const { values, errors } = form;
  const countryCities = names.book?.countries.find((item) => item.code === values.service_country)?.cities ?? [];

  const save = form.handleSubmit(async (input) => {
    onSaved(await saveOwnProfile(input));
    notify.success(t`Your services have been saved. Matching requests will reach you.`);
  });

  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const text = (name: 'company_name' | 'headline' | 'description') => {
    const binding = form.field(name);
    return { value: binding.value, onChange: (event: { target: { value: string } }) => binding.onChange(event.target.value), onBlur: binding.onBlur };
  };

  return (
    <form className="ui-card client-panel client-services" ref={form.formRef} noValidate aria-labelledby="client-services-title" onSubmit={save}>
      <h2 id="client-services-title">
        <Trans>Your services</Trans>
      </h2>
      <p className="client-muted">
        <Trans>Requests reach you when a project matches one of your trades in your area.</Trans>
      </p>
      <div className="client-row">
        <Field label={t`Company name`} errors={errors.company_name}>
          {(control) => <input {...control} className="ui-field__input" {...text('company_name')} />}
        </Field>
        <Field label={t`Headline`} errors={errors.headline}>
          {(control) => <input {...control} className="ui-field__input" {...text('headline')} />}
        </Field>
      </div>
      <Field label={t`Description`} errors={errors.description}>
        {(control) => <textarea {...control} className="ui-field__input client-textarea" rows={3} {...text('description')} />}
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
                  <input
                    type="checkbox"
                    checked={values.categories.includes(item.code)}
                    onChange={() => form.setValue('categories', toggle(values.categories, item.code))}
                  />
                  {item.name}
                </label>
              ))}
          </div>
        ))}
        <FieldMessages messages={errors.categories} />
      </fieldset>
      <Field label={t`Country you work in`} errors={errors.service_country}>
        {(control) => (
          <select
            {...control}
            className="ui-field__input"
            value={values.service_country}
            onChange={(e) => {
              form.setValue('service_country', e.target.value);
              form.setValue('service_cities', []);
            }}
          >
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
                <input
                  type="checkbox"
                  checked={values.service_cities.includes(city)}
                  onChange={() => form.setValue('service_cities', toggle(values.service_cities, city))}
                />
                {city}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="client-create__actions">
        <button type="submit" className="ui-button" disabled={form.submitting}>
          {form.submitting ? t`Saving…` : t`Save my services`}
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
