import { useLingui } from '@lingui/react/macro';
import { AmountInput, Field } from 'shared/forms';
import { useReferenceNames } from '../../common/reference';
import type { ProjectForm } from '../use-project-wizard';

/** Step 2: where and when, and the budget in the currency of the country chosen (or another). */
export function WhereStep({ form }: { form: ProjectForm }) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const country = form.field('country');
  const city = form.field('city');
  const start = form.field('desired_start');
  const budgetMin = form.field('budget_min');
  const budgetMax = form.field('budget_max');
  const currency = form.field('currency');
  const chosen = names.book?.countries.find((item) => item.code === country.value);
  return (
    <>
      <div className="client-row">
        <Field label={t`Country`} errors={country.errors}>
          {(control) => (
            <select
              {...control}
              className="ui-field__input"
              value={country.value}
              aria-required
              onChange={(e) => {
                country.onChange(e.target.value);
                const money = names.book?.countries.find((item) => item.code === e.target.value)?.currency;
                if (money) form.setValue('currency', money);
              }}
              onBlur={country.onBlur}
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
        <Field label={t`City`} errors={city.errors}>
          {(control) => (
            <>
              <input
                {...control}
                className="ui-field__input"
                list="client-create-cities"
                value={city.value}
                aria-required
                autoComplete="address-level2"
                onChange={(e) => city.onChange(e.target.value)}
                onBlur={city.onBlur}
              />
              <datalist id="client-create-cities">
                {chosen?.cities.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>
      <Field label={t`Desired start`} errors={start.errors} hint={t`Optional`}>
        {(control) => (
          <input
            {...control}
            type="date"
            className="ui-field__input"
            value={start.value}
            onChange={(e) => start.onChange(e.target.value)}
            onBlur={start.onBlur}
          />
        )}
      </Field>
      <fieldset className="client-fieldset">
        <legend>{t`Budget range (optional)`}</legend>
        <div className="client-row client-row--three">
          <Field label={t`From`} errors={budgetMin.errors}>
            {(control) => (
              <AmountInput {...control} className="ui-field__input" value={budgetMin.value} onChange={budgetMin.onChange} onBlur={budgetMin.onBlur} />
            )}
          </Field>
          <Field label={t`To`} errors={budgetMax.errors}>
            {(control) => (
              <AmountInput {...control} className="ui-field__input" value={budgetMax.value} onChange={budgetMax.onChange} onBlur={budgetMax.onBlur} />
            )}
          </Field>
          <Field label={t`Currency`} errors={currency.errors}>
            {(control) => (
              <select
                {...control}
                className="ui-field__input"
                value={currency.value}
                aria-required
                onChange={(e) => currency.onChange(e.target.value)}
                onBlur={currency.onBlur}
              >
                <option value="">{t`Choose a currency`}</option>
                {names.book?.currencies.map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.code} — {item.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
    </>
  );
}
