import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ReasonSchema } from 'shared/contract';
import { NoReasonSchema } from 'shared/schemas';
import { Field, useForm } from 'shared/forms';
import { ModalDialog } from './modal-dialog';

interface ReasonDialogProps {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Ask for a reason (kept in the audit trail); confirm stays off until one is typed. */
  withReason: boolean;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Asks the admin to confirm an action that affects an account, with its reason. */
export function ReasonDialog({ title, description, confirmLabel, withReason, danger, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { reason: '' },
    schema: withReason ? ReasonSchema : NoReasonSchema,
  });
  const reason = form.field('reason');
  const busy = form.submitting;
  const blank = withReason && reason.value.trim() === '';
  const submit = form.handleSubmit(({ reason: text }) => onConfirm(text));

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="admin-form" ref={form.formRef} noValidate onSubmit={submit}>
        <p className="admin-modal__text">{description}</p>
        {withReason && (
          <Field label={<Trans>Reason (kept in the audit trail)</Trans>} name="reason" errors={reason.errors}>
            {(control) => (
              <textarea
                {...control}
                className="ui-field__input admin-textarea"
                value={reason.value}
                maxLength={500}
                required
                aria-required="true"
                onChange={(event) => reason.onChange(event.target.value)}
                onBlur={reason.onBlur}
              />
            )}
          </Field>
        )}
        <div className="admin-modal__actions">
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className={`ui-button${danger ? ' admin-button--danger' : ''}`} disabled={blank || busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
