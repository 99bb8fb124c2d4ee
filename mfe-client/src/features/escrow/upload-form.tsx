import { useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { FormAlert, useForm, type FormValues, type UseFormOptions } from 'shared/forms';
import { UploadProgress } from '../common/document-picker';

type Progress = (fraction: number) => void;

/**
 * A dialog that uploads files, on the shared form state: values checked by
 * the schema, upload progress and a problem to show. `submit` runs the upload
 * once the values are valid; the server's field errors land under their
 * fields, its other refusals are shown as it words them, and a failed
 * connection reads as `offline`.
 */
export function useUploadForm<TValues extends FormValues, TOutput>(options: Omit<UseFormOptions<TValues, TOutput>, 'onError'>) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const offline = useRef('');
  const form = useForm<TValues, TOutput>({
    ...options,
    onError: (error) => {
      setProblem(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : offline.current);
      return true;
    },
  });

  const submit = (upload: (output: TOutput, onProgress: Progress) => Promise<void>, offlineMessage: string) =>
    form.handleSubmit(async (output) => {
      setProblem(null);
      setProgress(0);
      offline.current = offlineMessage;
      try {
        await upload(output, setProgress);
      } finally {
        setProgress(null);
      }
    });

  return { form, progress, busy: progress !== null, problem, submit };
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
