import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN, DisputeFormSchema } from 'shared/schemas';
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

const REASON_MIN = DISPUTE_REASON_MIN;
const REASON_MAX = DISPUTE_REASON_MAX;

/** A party disputes a milestone: the contract freezes, and the dialog then says what happens when. */
export function DisputeDialog({ contract, milestone, onClose, onOpened }: DisputeDialogProps) {
  const { t } = useLingui();
  const { form, progress, busy, problem, submit } = useUploadForm({
    initialValues: { reason: '', evidence: [] as File[] },
    schema: DisputeFormSchema,
  });
  const [opened, setOpened] = useState<Contract | null>(null);
  const reason = form.field('reason');

  const send = submit(
    async (input, onProgress) => {
      setOpened(await openDispute(contract.id, milestone.id, input, onProgress));
    },
    t`The dispute could not be sent. Check your connection and try again.`,
  );

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
      <form className="escrow-form" ref={form.formRef} noValidate onSubmit={send}>
        <p className="client-muted">
          <Trans>
            Opening a dispute freezes the contract. The other party has 14 days to answer; if you do not agree, arbitration takes 6 weeks to 3 months.
          </Trans>
        </p>
        <TextAreaField
          label={t`What is wrong`}
          name="reason"
          value={reason.value}
          onChange={reason.onChange}
          onBlur={reason.onBlur}
          errors={reason.errors}
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
          files={form.values.evidence}
          onChange={(files) => form.setValue('evidence', files)}
          errors={form.errors.evidence}
          disabled={busy}
        />
        <UploadFormFooter
          progress={progress}
          progressLabel={t`Sending the dispute`}
          problem={problem}
          submitLabel={t`Open the dispute`}
          onCancel={onClose}
        />
      </form>
    </EscrowDialog>
  );
}
