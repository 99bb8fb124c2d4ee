import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
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

const NOTES_MAX = 2000;

/** The contractor hands the milestone over for inspection: what was done, with photos. */
export function CompleteDialog({ contract, milestone, onClose, onDone }: CompleteDialogProps) {
  const { t } = useLingui();
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const { errors, setErrors, progress, busy, problem, send } = useUploadForm();

  const check = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return [t`Please describe the work done.`];
    if (text.length > NOTES_MAX) return [t`Please keep the notes under ${NOTES_MAX} characters.`];
    return undefined;
  };

  const submit = async () => {
    const notesErrors = check(notes);
    if (notesErrors) {
      setErrors({ notes: notesErrors });
      return;
    }
    setErrors({});
    const updated = await send((onProgress) => completeMilestone(contract.id, milestone.id, { notes: notes.trim(), photos }, onProgress), t`The upload failed. Check your connection and try again.`);
    if (!updated) return;
    notify.success(t`Milestone ${milestone.position} is marked complete. The expert has been asked to inspect it.`);
    onDone(updated);
  };

  return (
    <EscrowDialog title={t`Mark milestone ${milestone.position} complete: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form
        className="escrow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="client-muted">
          <Trans>An independent expert inspects the work before the client can release the payment.</Trans>
        </p>
        <TextAreaField
          label={t`What was done`}
          name="notes"
          value={notes}
          onChange={setNotes}
          onBlur={() => setErrors((previous) => ({ ...previous, notes: check(notes) ?? [] }))}
          errors={errors.notes}
          maxLength={NOTES_MAX}
          disabled={busy}
        />
        <FilePicker
          label={t`Photos`}
          hint={t`Optional: up to 6 JPEG, PNG, WebP or GIF images, 5 MB each.`}
          name="photos"
          types={IMAGE_TYPES}
          maxFiles={6}
          maxBytes={5 * 1024 * 1024}
          files={photos}
          onChange={setPhotos}
          errors={errors.photos}
          disabled={busy}
        />
        <UploadFormFooter progress={progress} progressLabel={t`Sending the work for inspection`} problem={problem} submitLabel={t`Send for inspection`} onCancel={onClose} />
      </form>
    </EscrowDialog>
  );
}
