import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from 'shared/contract';
import { FormAlert, TextField, useForm } from 'shared/forms';
import { AddPasskeyFormSchema, CurrentPasswordFormSchema } from 'shared/schemas';
import { formatDate, notify, Spinner } from 'shared/ui';
import { addPasskey, browserHasPasskeys, getPasskeys, passkeysQueryKey, removePasskey } from './api/passkeys';

/** What the browser's own errors mean to the person (the library names them as WebAuthn does). */
function ceremonyError(error: unknown): 'cancelled' | 'exists' | undefined {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'exists';
  return undefined;
}

type Step = { kind: 'idle' } | { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/**
 * Passkeys: sign in with the phone's or computer's screen lock instead of a
 * password, and a second factor after a password. Listed by the name given,
 * added and removed with the password.
 */
export function PasskeysCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => getPasskeys(signal) });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const supported = browserHasPasskeys();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  const cancel = () => setStep({ kind: 'idle' });

  const addForm = useForm({ initialValues: { name: '', current_password: '' }, schema: AddPasskeyFormSchema });
  const add = addForm.handleSubmit(async ({ name, current_password: password }) => {
    try {
      await addPasskey(name, password);
    } catch (error) {
      const kind = ceremonyError(error);
      if (!kind) throw error;
      addForm.setFormError(
        kind === 'exists' ? t`This device already has a passkey for your account.` : t`No passkey was made: the request was cancelled or timed out.`,
      );
      return;
    }
    addForm.setValues({ name: '', current_password: '' });
    setStep({ kind: 'idle' });
    notify.success(t`Passkey added. You can now sign in with it.`);
    void refresh();
  });

  const removeForm = useForm({ initialValues: { current_password: '' }, schema: CurrentPasswordFormSchema });
  const remove = removeForm.handleSubmit(async ({ current_password: password }) => {
    if (step.kind !== 'remove') return;
    const { message } = await removePasskey(step.passkey.id, password);
    removeForm.setValues({ current_password: '' });
    setStep({ kind: 'idle' });
    notify.success(message);
    void refresh();
  });

  let body;
  if (list.isPending) body = <Spinner label={t`Loading…`} />;
  else if (list.isError)
    body = (
      <div className="client-settings__notice client-settings__notice--error" role="alert">
        <p>{t`Your passkeys could not be loaded.`}</p>
        <button type="button" className="ui-button ui-button--ghost" onClick={() => void list.refetch()}>
          {t`Try again`}
        </button>
      </div>
    );
  else {
    const passkeys = list.data.passkeys;
    // One block: the card's grid puts its title beside its body, not beside each part of it.
    body = (
      <div className="client-settings__form">
        {passkeys.length === 0 ? (
          <p>{t`No passkey yet.`}</p>
        ) : (
          <ul className="client-settings__sessions" aria-label={t`Your passkeys`}>
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="client-settings__session">
                <div>
                  <p className="client-settings__session-browser">
                    {passkey.name}
                    {passkey.backed_up && <span className="client-settings__badge">{t`Synced`}</span>}
                  </p>
                  <p className="client-settings__session-meta">
                    {t`added ${formatDate(passkey.created_at, i18n.locale)}`} ·{' '}
                    {passkey.last_used_at ? t`last used ${formatDate(passkey.last_used_at, i18n.locale)}` : t`never used`}
                  </p>
                </div>
                {step.kind === 'idle' && (
                  <button
                    type="button"
                    className="ui-button ui-button--ghost"
                    onClick={() => setStep({ kind: 'remove', passkey })}
                    aria-label={t`Remove the passkey ${passkey.name}`}
                  >
                    {t`Remove`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {step.kind === 'remove' && (
          <form
            className="client-settings__form"
            ref={removeForm.formRef}
            onSubmit={remove}
            noValidate
            aria-label={t`Remove the passkey ${step.passkey.name}`}
          >
            <p>{t`Removing “${step.passkey.name}”: it will no longer sign in to your account.`}</p>
            <TextField
              binding={removeForm.field('current_password')}
              label={t`Current password`}
              type="password"
              autoComplete="current-password"
              required
            />
            <div className="client-settings__actions">
              <button type="submit" className="ui-button" disabled={removeForm.submitting}>
                {t`Remove passkey`}
              </button>
              <button type="button" className="ui-button ui-button--ghost" onClick={cancel}>
                {t`Cancel`}
              </button>
            </div>
          </form>
        )}
        {step.kind === 'add' && (
          <form className="client-settings__form" ref={addForm.formRef} onSubmit={add} noValidate aria-label={t`Add a passkey`}>
            {addForm.formError && <FormAlert>{addForm.formError}</FormAlert>}
            <div className="client-settings__row">
              <TextField
                binding={addForm.field('name')}
                label={t`Name of this passkey`}
                hint={t`For example the device: “My phone”.`}
                autoComplete="off"
                required
              />
              <TextField
                binding={addForm.field('current_password')}
                label={t`Current password`}
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            <div className="client-settings__actions">
              <button type="submit" className="ui-button ui-button--accent" disabled={addForm.submitting}>
                {addForm.submitting ? t`Waiting for your device…` : t`Create passkey`}
              </button>
              <button type="button" className="ui-button ui-button--ghost" onClick={cancel}>
                {t`Cancel`}
              </button>
            </div>
          </form>
        )}
        {step.kind === 'idle' &&
          (supported ? (
            <div className="client-settings__actions">
              <button type="button" className="ui-button ui-button--accent" onClick={() => setStep({ kind: 'add' })}>
                {t`Add a passkey`}
              </button>
            </div>
          ) : (
            <p className="client-settings__notice">{t`This browser cannot make passkeys. Try a recent Chrome, Safari, Edge or Firefox.`}</p>
          ))}
      </div>
    );
  }

  return (
    <section className="ui-card client-settings__card" aria-labelledby="settings-passkeys">
      <div>
        <h2 id="settings-passkeys">
          <Trans>Passkeys</Trans>
        </h2>
        <p>
          <Trans>
            Sign in with your phone’s or computer’s screen lock (fingerprint, face or PIN) instead of a password. A passkey also counts as the second
            step after your password, and for payouts.
          </Trans>
        </p>
      </div>
      {body}
    </section>
  );
}
