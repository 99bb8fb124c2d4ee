import { Trans, useLingui } from '@lingui/react/macro';
import { InspectionFormSchema, MILESTONE_NOTES_MAX, translateMessage } from 'shared/schemas';
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

export const REPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The assigned expert's verdict on a submitted milestone, with a report the client can read. */
export function InspectDialog({ contract, milestone, onClose, onDone }: InspectDialogProps) {
  const { t, i18n } = useLingui();
  const { form, progress, busy, problem, submit } = useUploadForm({
    initialValues: { decision: '', notes: '', report: [] as File[] },
    schema: InspectionFormSchema,
  });
  const { errors } = form;
  const decision = form.values.decision;
  const notes = form.field('notes');

  const send = submit(
    async (input, onProgress) => {
      const updated = await inspectMilestone(contract.id, milestone.id, input, onProgress);
      notify.success(input.decision === 'approved' ? t`Inspection saved: the work is approved.` : t`Inspection saved: changes were requested.`);
      onDone(updated);
    },
    t`The upload failed. Check your connection and try again.`,
  );

  return (
    <EscrowDialog title={t`Inspect milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form className="escrow-form" ref={form.formRef} noValidate onSubmit={send}>
        {milestone.completion_notes && (
          <div className="escrow-quote">
            <h3>
              <Trans>The contractor’s notes</Trans>
            </h3>
            <p className="client-pre">{milestone.completion_notes}</p>
            <FileLinks files={milestone.photos} label={t`Photos of milestone ${milestone.position}`} />
          </div>
        )}
        <fieldset
          className="client-fieldset"
          aria-invalid={Boolean(errors.decision?.length)}
          aria-describedby={errors.decision ? 'escrow-decision-error' : undefined}
        >
          <legend>{t`Decision`}</legend>
          <label className="client-check">
            <input
              type="radio"
              name="decision"
              value="approved"
              checked={decision === 'approved'}
              disabled={busy}
              onChange={() => form.setValue('decision', 'approved')}
            />
            <Trans>Approve the work</Trans>
          </label>
          <label className="client-check">
            <input
              type="radio"
              name="decision"
              value="changes_requested"
              checked={decision === 'changes_requested'}
              disabled={busy}
              onChange={() => form.setValue('decision', 'changes_requested')}
            />
            <Trans>Request changes</Trans>
          </label>
          {errors.decision && (
            <p className="ui-field__error" id="escrow-decision-error">
              {translateMessage(errors.decision[0]!, (descriptor) => i18n._(descriptor))}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={t`Inspection notes`}
          name="notes"
          value={notes.value}
          onChange={notes.onChange}
          onBlur={notes.onBlur}
          errors={notes.errors}
          maxLength={MILESTONE_NOTES_MAX}
          disabled={busy}
        />
        <FilePicker
          label={t`Report`}
          hint={t`One PDF or image, up to 20 MB.`}
          name="report"
          types={REPORT_TYPES}
          maxFiles={1}
          maxBytes={REPORT_MAX_BYTES}
          files={form.values.report}
          onChange={(files) => form.setValue('report', files)}
          errors={errors.report}
          disabled={busy}
        />
        <UploadFormFooter
          progress={progress}
          progressLabel={t`Sending the inspection`}
          problem={problem}
          submitLabel={t`Save the inspection`}
          onCancel={onClose}
        />
      </form>
    </EscrowDialog>
  );
}
