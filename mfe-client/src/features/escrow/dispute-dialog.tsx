import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { openDispute } from './api/milestone-forms';
import { DisputeDeadlines } from './dispute-deadlines';
import { EscrowDialog } from './escrow-dialog';
import { FilePicker, REPORT_TYPES } from './file-picker';
import { REPORT_MAX_BYTES } from './inspect-dialog';
import { TextAreaField } from './text-area-field';
import { UploadFormFooter, useUploadForm } from './upload-form';

interface DisputeDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onOpened: (contract: Contract) => void;
}

export const REASON_MIN = 10;
export const REASON_MAX = 2000;

/** A party disputes a milestone: the contract freezes, and the dialog then says what happens when. */
export function DisputeDialog({ contract, milestone, onClose, onOpened }: DisputeDialogProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState<File[]>([]);
  const { errors, setErrors, progress, busy, problem, send } = useUploadForm();
  const [opened, setOpened] = useState<Contract | null>(null);

  const check = (text: string) => {
    const length = text.trim().length;
    if (length < REASON_MIN) return [t`Please explain the problem in at least ${REASON_MIN} characters.`];
    if (length > REASON_MAX) return [t`Please keep the reason under ${REASON_MAX} characters.`];
    return undefined;
  };

  const submit = async () => {
    const reasonErrors = check(reason);
    setErrors(reasonErrors ? { reason: reasonErrors } : {});
    if (reasonErrors) return;
    const updated = await send(
      (onProgress) => openDispute(contract.id, milestone.id, { reason: reason.trim(), evidence }, onProgress),
      t`The dispute could not be sent. Check your connection and try again.`,
    );
    if (updated) setOpened(updated);
  };

  if (opened) {
    const close = () => onOpened(opened);
    return (
      <EscrowDialog key="opened" title={t`Dispute opened`} onClose={close}>
        <div className="escrow-form" role="status">
          <p>
            <Trans>The contract is frozen: no money moves until the dispute is resolved. The Fundament team mediates between you.</Trans>
          </p>
          {opened.dispute && <DisputeDeadlines dispute={opened.dispute} />}
        </div>
        <div className="escrow-form__actions">
          <button type="button" className="ui-button" onClick={close}>
            <Trans>Close</Trans>
          </button>
        </div>
      </EscrowDialog>
    );
  }

  return (
    <EscrowDialog key="form" title={t`Open a dispute about milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form
        className="escrow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="client-muted">
          <Trans>
            Opening a dispute freezes the contract. The other party has 14 days to answer; if you do not agree, arbitration takes 6 weeks to 3 months.
          </Trans>
        </p>
        <TextAreaField
          label={t`What is wrong`}
          name="reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (errors.reason) setErrors((previous) => ({ ...previous, reason: check(value) ?? [] }));
          }}
          onBlur={() => setErrors((previous) => ({ ...previous, reason: check(reason) ?? [] }))}
          errors={errors.reason}
          hint={t`At least ${REASON_MIN} characters.`}
          maxLength={REASON_MAX}
          disabled={busy}
          rows={5}
        />
        <FilePicker
          label={t`Evidence`}
          hint={t`Optional: up to 5 PDF files or images, 20 MB each.`}
          name="evidence"
          types={REPORT_TYPES}
          maxFiles={5}
          maxBytes={REPORT_MAX_BYTES}
          files={evidence}
          onChange={setEvidence}
          errors={errors.evidence}
          disabled={busy}
        />
        <UploadFormFooter progress={progress} progressLabel={t`Sending the dispute`} problem={problem} submitLabel={t`Open the dispute`} onCancel={onClose} />
      </form>
    </EscrowDialog>
  );
}
