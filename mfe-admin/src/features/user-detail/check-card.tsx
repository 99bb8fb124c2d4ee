import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { Field, FileInput, useForm } from 'shared/forms';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { adminCalls, evidenceUploadUrl } from '../common/api/admin-api';
import { CheckSchema, type CheckOutcome, type UserDetail, type VerificationCheck } from 'shared/contract';
import { evidenceUpload } from '../common/api/upload-evidence';
import { formatBytes, formatDate, formatDateTime, todayIso } from '../common/format';
import { CHECK_HINTS, CHECK_TITLES, OUTCOMES } from '../common/labels';
import { saveBlob } from '../common/save-blob';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif';
const MAX_BYTES = 10 * 1024 * 1024;

interface CheckCardProps {
  userId: string;
  check: VerificationCheck;
  onChange: (detail: UserDetail) => void;
}

/** One of the four checks: its outcome, date and notes, and the evidence behind it. */
export function CheckCard({ userId, check, onChange }: CheckCardProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const form = useForm({
    initialValues: { outcome: check.outcome as CheckOutcome, checked_on: check.checked_on ?? todayIso(), notes: check.notes },
    schema: CheckSchema,
    onError: (error) => {
      notify.error(isApiError(error) && error.status < 500 && error.kind === 'http' ? error.message : t(SOMETHING_WENT_WRONG));
      return true;
    },
  });
  const { outcome, checked_on: checkedOn, notes } = form.values;
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const title = t(CHECK_TITLES[check.kind]);

  // The saved check replaces the form when the server answers (or another admin changed it).
  useEffect(() => {
    form.setValues({ outcome: check.outcome, checked_on: check.checked_on ?? todayIso(), notes: check.notes });
    // Only the saved check's own fields matter, not the form object drawn anew each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.outcome, check.checked_on, check.notes]);

  const dirty = outcome !== check.outcome || (check.checked_on ?? todayIso()) !== checkedOn || notes !== check.notes || !check.recorded_at;

  const save = form.handleSubmit(async (input) => {
    onChange(await adminCalls.recordCheck(userId, check.kind, input));
    notify.success(t`${title}: saved.`);
  });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (file.size > MAX_BYTES) {
      setUploadError(t`The file must be at most 10 MB.`);
      return;
    }
    setProgress(0);
    try {
      onChange(await evidenceUpload.send(evidenceUploadUrl(userId, check.kind), file, setProgress));
      const name = file.name;
      notify.success(t`${name} uploaded.`);
    } catch (error) {
      setUploadError(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t(SOMETHING_WENT_WRONG));
    } finally {
      setProgress(null);
    }
  };

  const download = async (evidenceId: string, name: string) => {
    try {
      saveBlob(await adminCalls.evidenceFile(userId, check.kind, evidenceId), name);
    } catch {
      notify.error(t(SOMETHING_WENT_WRONG));
    }
  };

  const recordedBy = check.recorded_by?.name ?? '';
  const recordedAt = formatDateTime(check.recorded_at, i18n.locale);
  const checkedOnLabel = formatDate(check.checked_on, i18n.locale);

  return (
    <section className={`admin-check admin-check--${check.outcome} ui-card`} aria-labelledby={`${id}-title`}>
      <header className="admin-check__header">
        <h3 id={`${id}-title`} className="admin-check__title">
          {title}
        </h3>
        <span className={`admin-outcome admin-outcome--${check.outcome}`}>{t(OUTCOMES[check.outcome])}</span>
      </header>
      <p className="admin-muted">{t(CHECK_HINTS[check.kind])}</p>
      {check.recorded_at && (
        <p className="admin-check__recorded">
          <Trans>
            Recorded by {recordedBy} on {recordedAt}
          </Trans>
          {check.checked_on && (
            <>
              {' · '}
              <Trans>Checked on {checkedOnLabel}</Trans>
            </>
          )}
        </p>
      )}
      <form className="admin-form admin-check__form" ref={form.formRef} onSubmit={save} noValidate>
        <div className="admin-check__row">
          <Field label={<Trans>Outcome</Trans>} name="outcome" errors={form.errors.outcome}>
            {(control) => (
              <select
                {...control}
                className="ui-field__input ui-field__select"
                value={outcome}
                onChange={(event) => form.setValue('outcome', event.target.value as CheckOutcome)}
              >
                {(['pending', 'passed', 'failed'] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(OUTCOMES[value])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={<Trans>Date of the check</Trans>} name="checked_on" errors={form.errors.checked_on}>
            {(control) => (
              <input
                {...control}
                className="ui-field__input"
                type="date"
                value={checkedOn}
                onChange={(event) => form.setValue('checked_on', event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={<Trans>Notes</Trans>} name="notes" errors={form.errors.notes}>
          {(control) => (
            <textarea
              {...control}
              className="ui-field__input admin-textarea"
              value={notes}
              maxLength={2000}
              onChange={(event) => form.setValue('notes', event.target.value)}
            />
          )}
        </Field>
        <div className="admin-form__actions">
          <button type="submit" className="ui-button" disabled={form.submitting || !dirty}>
            {form.submitting ? t`Saving…` : t`Save check`}
          </button>
        </div>
      </form>

      <div className="admin-evidence">
        <h4 className="admin-evidence__title">
          <Trans>Evidence</Trans>
        </h4>
        {check.evidence.length === 0 ? (
          <p className="admin-muted">
            <Trans>No document yet.</Trans>
          </p>
        ) : (
          <ul className="admin-evidence__list">
            {check.evidence.map((item) => (
              <li key={item.id}>
                <button type="button" className="admin-link-button" onClick={() => download(item.id, item.file_name)}>
                  <span className="ui-visually-hidden">
                    <Trans>Download</Trans>{' '}
                  </span>
                  {item.file_name}
                </button>{' '}
                <span className="admin-muted">
                  ({formatBytes(item.size_bytes, i18n.locale)}, {formatDateTime(item.uploaded_at, i18n.locale)})
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="ui-field admin-evidence__upload">
          <label className="ui-field__label" htmlFor={`${id}-file`}>
            <Trans>Add evidence for “{title}”</Trans>
          </label>
          <FileInput
            id={`${id}-file`}
            ref={fileInput}
            buttonLabel={t`Choose a file`}
            accept={ACCEPT}
            disabled={progress !== null}
            aria-describedby={`${id}-file-hint`}
            onChange={upload}
          />
          <p className="ui-field__hint" id={`${id}-file-hint`}>
            <Trans>PDF, PNG, JPEG or GIF, up to 10 MB.</Trans>
          </p>
          {progress !== null && (
            <progress className="admin-progress" max={100} value={progress} aria-label={t`Uploading`}>
              {progress}%
            </progress>
          )}
          {uploadError && (
            <p className="ui-field__error" role="alert">
              {uploadError}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
