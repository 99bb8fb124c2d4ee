import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SelectField, TextField, useForm } from 'shared/forms';
import { CreateExpertSchema } from 'shared/contract';
import { notify } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';

const EMPTY = { first_name: '', last_name: '', email: '', phone_number: '', country: '', city: '', locale: 'en' };

/** Creates an expert account; the expert gets an e-mail with a link to choose a password. */
export function CreateExpertForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const form = useForm({ initialValues: EMPTY, schema: CreateExpertSchema });

  const submit = form.handleSubmit(async (input) => {
    const created = await adminCalls.createExpert(input);
    const fullName = `${created.first_name} ${created.last_name}`;
    notify.success(t`${fullName} can now set a password from the e-mail we sent.`);
    for (const [name, value] of Object.entries(EMPTY)) form.setValue(name as keyof typeof EMPTY, value);
    setOpen(false);
    onCreated();
  });

  if (!open) {
    return (
      <div className="admin-toolbar">
        <button type="button" className="ui-button" aria-expanded="false" onClick={() => setOpen(true)}>
          <Trans>Create expert</Trans>
        </button>
      </div>
    );
  }
  return (
    <section className="ui-card admin-create" aria-labelledby="create-expert-title">
      <h2 id="create-expert-title" className="admin-section-title">
        <Trans>Create expert</Trans>
      </h2>
      <p className="admin-muted">
        <Trans>The expert receives an e-mail with a link to choose a password. The account is recorded in the audit trail.</Trans>
      </p>
      <form className="admin-form admin-form--grid" ref={form.formRef} onSubmit={submit} noValidate>
        <TextField binding={form.field('first_name')} label={t`First name`} autoComplete="off" required />
        <TextField binding={form.field('last_name')} label={t`Last name`} autoComplete="off" required />
        <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="off" required />
        <TextField binding={form.field('phone_number')} label={t`Phone`} type="tel" autoComplete="off" required />
        <TextField binding={form.field('country')} label={t`Country`} autoComplete="off" required />
        <TextField binding={form.field('city')} label={t`City`} autoComplete="off" required />
        <SelectField
          binding={form.field('locale')}
          label={t`Language of the e-mail`}
          placeholder={t`Choose a language`}
          options={[
            { value: 'en', label: 'English' },
            { value: 'fr', label: 'Français' },
          ]}
        />
        <div className="admin-form__actions">
          <button type="button" className="ui-button ui-button--ghost" onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="ui-button" disabled={form.submitting}>
            {form.submitting ? t`Creating…` : t`Create expert`}
          </button>
        </div>
      </form>
    </section>
  );
}
