import { Trans, useLingui } from '@lingui/react/macro';
import { CompletionFormSchema, MILESTONE_NOTES_MAX } from 'shared/schemas';
import { notify } from 'shared/ui';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { completeMilestone } from './api/milestone-forms';
import { EscrowDialog } from './escrow-dialog';
import { FilePicker, IMAGE_TYPES } from './file-picker';
import { TextAreaField } from './text-area-field';
import { UploadFormFooter, useUploadForm } from './upload-form';

interface CompleteDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onDone: (contract: Contract) => void;
}

/** The contractor hands the milestone over for inspection: what was done, with photos. */
export function CompleteDialog({ contract, milestone, onClose, onDone }: CompleteDialogProps) {
  const { t } = useLingui();
  const { form, progress, busy, problem, submit } = useUploadForm({
    initialValues: { notes: '', photos: [] as File[] },
    schema: CompletionFormSchema,
  });
  const notes = form.field('notes');

  const send = submit(
    async (input, onProgress) => {
      const updated = await completeMilestone(contract.id, milestone.id, input, onProgress);
      notify.success(t`Milestone ${milestone.position} is marked complete. The expert has been asked to inspect it.`);
      onDone(updated);
    },
    t`The upload failed. Check your connection and try again.`,
  );

  return (
    <EscrowDialog title={t`Mark milestone ${milestone.position} complete: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form className="escrow-form" ref={form.formRef} noValidate onSubmit={send}>
        <p className="client-muted">
          <Trans>An independent expert inspects the work before the client can release the payment.</Trans>
        </p>
        <TextAreaField
          label={t`What was done`}
          name="notes"
          value={notes.value}
          onChange={notes.onChange}
          onBlur={notes.onBlur}
          errors={notes.errors}
          maxLength={MILESTONE_NOTES_MAX}
          disabled={busy}
        />
        <FilePicker
          label={t`Photos`}
          hint={t`Optional: up to 6 JPEG, PNG, WebP or GIF images, 5 MB each.`}
          name="photos"
          types={IMAGE_TYPES}
          maxFiles={6}
          maxBytes={5 * 1024 * 1024}
          files={form.values.photos}
          onChange={(files) => form.setValue('photos', files)}
          errors={form.errors.photos}
          disabled={busy}
        />
        <UploadFormFooter
          progress={progress}
          progressLabel={t`Sending the work for inspection`}
          problem={problem}
          submitLabel={t`Send for inspection`}
          onCancel={onClose}
        />
      </form>
    </EscrowDialog>
  );
}
