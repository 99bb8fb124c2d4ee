import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { UploadProgress } from '../create-project/document-picker';

export type FieldErrors = Record<string, string[]>;

/**
 * The state of a dialog that uploads files: field errors, upload progress and
 * a problem to show. `send` runs the upload; the server's field errors land
 * under their fields, its other refusals are shown as it words them, and a
 * failed connection reads as `offline`.
 */
export function useUploadForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send<T>(upload: (onProgress: (fraction: number) => void) => Promise<T>, offline: string): Promise<T | undefined> {
    setProblem(null);
    setProgress(0);
    try {
      return await upload(setProgress);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setProblem(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : offline);
      return undefined;
    } finally {
      setProgress(null);
    }
  }

  return { errors, setErrors, progress, busy: progress !== null, problem, send };
}

interface UploadFormFooterProps {
  progress: number | null;
  progressLabel: string;
  problem: string | null;
  submitLabel: ReactNode;
  onCancel: () => void;
}

/** Progress while sending, the problem if any, then submit and cancel. */
export function UploadFormFooter({ progress, progressLabel, problem, submitLabel, onCancel }: UploadFormFooterProps) {
  const { t } = useLingui();
  const busy = progress !== null;
  return (
    <>
      {busy && <UploadProgress fraction={progress} label={progressLabel} />}
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="escrow-form__actions">
        <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
          {busy ? t`Sending…` : submitLabel}
        </button>
        <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </>
  );
}
