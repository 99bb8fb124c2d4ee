import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = withReason && reason.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit}>
        <p className="admin-modal__text">{description}</p>
        {withReason && (
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-reason`}>
              <Trans>Reason (kept in the audit trail)</Trans>
            </label>
            <textarea
              id={`${id}-reason`}
              className="ui-field__input admin-textarea"
              value={reason}
              maxLength={500}
              required
              aria-required="true"
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
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
