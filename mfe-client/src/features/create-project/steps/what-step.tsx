import { useLingui } from '@lingui/react/macro';
import { Field } from 'shared/forms';
import { CategoryOptions } from '../../common/category-options';
import type { ProjectForm } from '../use-project-wizard';

/** Step 1: what the project is. */
export function WhatStep({ form }: { form: ProjectForm }) {
  const { t } = useLingui();
  const title = form.field('title');
  const category = form.field('category');
  const description = form.field('description');
  return (
    <>
      <Field label={t`Title`} errors={title.errors} hint={t`For example: Kitchen renovation in Bonapriso`}>
        {(control) => (
          <input
            {...control}
            className="ui-field__input"
            value={title.value}
            aria-required
            onChange={(e) => title.onChange(e.target.value)}
            onBlur={title.onBlur}
          />
        )}
      </Field>
      <Field label={t`Category`} errors={category.errors}>
        {(control) => (
          <select
            {...control}
            className="ui-field__input"
            value={category.value}
            aria-required
            onChange={(e) => category.onChange(e.target.value)}
            onBlur={category.onBlur}
          >
            <option value="">{t`Choose a category`}</option>
            <CategoryOptions />
          </select>
        )}
      </Field>
      <Field
        label={t`Description`}
        errors={description.errors}
        hint={t`What needs doing, the rooms and surfaces, what you already have. At least 20 characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="ui-field__input client-textarea"
            rows={6}
            value={description.value}
            aria-required
            onChange={(e) => description.onChange(e.target.value)}
            onBlur={description.onBlur}
          />
        )}
      </Field>
    </>
  );
}
