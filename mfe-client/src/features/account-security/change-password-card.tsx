import { Trans, useLingui } from '@lingui/react/macro';
import { TextField, useForm } from 'shared/forms';
import { ChangePasswordSchema, type ChangePasswordInput } from 'shared/schemas';
import { notify } from 'shared/ui';
import { changePassword } from './api/change-password';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/**
 * A new password for the signed-in account. The current one is asked for, so
 * a session left open (or stolen) cannot lock its owner out; every other
 * session ends, and the account's address is told.
 */
export function ChangePasswordCard() {
  const { t } = useLingui();
  const form = useForm({ initialValues: EMPTY, schema: ChangePasswordSchema });
  const submit = form.handleSubmit(async (input: ChangePasswordInput) => {
    const { message } = await changePassword(input);
    form.setValues(EMPTY);
    notify.success(message);
  });
  return (
    <section className="ui-card client-settings__card" aria-labelledby="settings-password">
      <div>
        <h2 id="settings-password">
          <Trans>Password</Trans>
        </h2>
        <p>
          <Trans>Changing your password signs you out on every other device.</Trans>
        </p>
      </div>
      <form className="client-settings__form" ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Change password`}>
        <TextField binding={form.field('current_password')} label={t`Current password`} type="password" autoComplete="current-password" required />
        <div className="client-settings__row">
          <TextField binding={form.field('password')} label={t`New password`} type="password" autoComplete="new-password" required />
          <TextField
            binding={form.field('password_confirmation')}
            label={t`Confirm the new password`}
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <div className="client-settings__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
            {form.submitting ? t`Saving…` : t`Change password`}
          </button>
        </div>
      </form>
    </section>
  );
}
