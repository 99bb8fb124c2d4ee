import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { notify } from 'shared/ui';
import { UploadProgress } from '../create-project/document-picker';
import type { Contract, Milestone } from './api/contract-types';
import { completeMilestone } from './api/milestone-forms';
import { EscrowDialog } from './escrow-dialog';
import { FilePicker, IMAGE_TYPES } from './file-picker';
import { TextAreaField } from './text-area-field';

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
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress !== null;

  const check = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return [t`Please describe the work done.`];
    if (text.length > NOTES_MAX) return [t`Please keep the notes under ${NOTES_MAX} characters.`];
    return undefined;
  };

  const submit = async () => {
    setProblem(null);
    const notesErrors = check(notes);
    if (notesErrors) {
      setErrors({ notes: notesErrors });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      const updated = await completeMilestone(contract.id, milestone.id, { notes: notes.trim(), photos }, setProgress);
      notify.success(t`Milestone ${milestone.position} is marked complete. The expert has been asked to inspect it.`);
      onDone(updated);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setProblem(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The upload failed. Check your connection and try again.`);
    } finally {
      setProgress(null);
    }
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
        {busy && <UploadProgress fraction={progress} label={t`Sending the work for inspection`} />}
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
            {busy ? t`Sending…` : t`Send for inspection`}
          </button>
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </EscrowDialog>
  );
}
