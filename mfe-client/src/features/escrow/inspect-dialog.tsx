import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from 'shared/ui';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { inspectMilestone } from './api/milestone-forms';
import { EscrowDialog } from './escrow-dialog';
import { FileLinks } from './file-links';
import { FilePicker, REPORT_TYPES } from './file-picker';
import { TextAreaField } from './text-area-field';
import { UploadFormFooter, useUploadForm } from './upload-form';

interface InspectDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onDone: (contract: Contract) => void;
}

type Decision = 'approved' | 'changes_requested';
const NOTES_MAX = 2000;
export const REPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The assigned expert's verdict on a submitted milestone, with a report the client can read. */
export function InspectDialog({ contract, milestone, onClose, onDone }: InspectDialogProps) {
  const { t } = useLingui();
  const [decision, setDecision] = useState<Decision | ''>('');
  const [notes, setNotes] = useState('');
  const [report, setReport] = useState<File[]>([]);
  const { errors, setErrors, progress, busy, problem, send } = useUploadForm();

  const submit = async () => {
    const found: Record<string, string[]> = {};
    if (!decision) found.decision = [t`Please choose a decision.`];
    if (!notes.trim()) found.notes = [t`Please write your inspection notes.`];
    else if (notes.length > NOTES_MAX) found.notes = [t`Please keep the notes under ${NOTES_MAX} characters.`];
    if (report.length === 0) found.report = [t`Please attach your report (PDF or image).`];
    setErrors(found);
    const file = report[0];
    if (Object.keys(found).length > 0 || !decision || !file) return;
    const updated = await send((onProgress) => inspectMilestone(contract.id, milestone.id, { decision, notes: notes.trim(), report: file }, onProgress), t`The upload failed. Check your connection and try again.`);
    if (!updated) return;
    notify.success(decision === 'approved' ? t`Inspection saved: the work is approved.` : t`Inspection saved: changes were requested.`);
    onDone(updated);
  };

  return (
    <EscrowDialog title={t`Inspect milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form
        className="escrow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {milestone.completion_notes && (
          <div className="escrow-quote">
            <h3>
              <Trans>The contractor’s notes</Trans>
            </h3>
            <p className="client-pre">{milestone.completion_notes}</p>
            <FileLinks files={milestone.photos} label={t`Photos of milestone ${milestone.position}`} />
          </div>
        )}
        <fieldset className="client-fieldset" aria-invalid={Boolean(errors.decision?.length)} aria-describedby={errors.decision ? 'escrow-decision-error' : undefined}>
          <legend>{t`Decision`}</legend>
          <label className="client-check">
            <input type="radio" name="decision" value="approved" checked={decision === 'approved'} disabled={busy} onChange={() => setDecision('approved')} />
            <Trans>Approve the work</Trans>
          </label>
          <label className="client-check">
            <input
              type="radio"
              name="decision"
              value="changes_requested"
              checked={decision === 'changes_requested'}
              disabled={busy}
              onChange={() => setDecision('changes_requested')}
            />
            <Trans>Request changes</Trans>
          </label>
          {errors.decision && (
            <p className="ui-field__error" id="escrow-decision-error">
              {errors.decision[0]}
            </p>
          )}
        </fieldset>
        <TextAreaField label={t`Inspection notes`} name="notes" value={notes} onChange={setNotes} errors={errors.notes} maxLength={NOTES_MAX} disabled={busy} />
        <FilePicker
          label={t`Report`}
          hint={t`One PDF or image, up to 20 MB.`}
          name="report"
          types={REPORT_TYPES}
          maxFiles={1}
          maxBytes={REPORT_MAX_BYTES}
          files={report}
          onChange={setReport}
          errors={errors.report}
          disabled={busy}
        />
        <UploadFormFooter progress={progress} progressLabel={t`Sending the inspection`} problem={problem} submitLabel={t`Save the inspection`} onCancel={onClose} />
      </form>
    </EscrowDialog>
  );
}
