import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DAILY_LOG_BODY_MAX, type ChainHead, type ContractView as Contract, type DailyLogEntry, type SitePhoto } from 'shared/contract';
import { DailyLogFormSchema } from 'shared/schemas';
import { queryKeys } from 'shared/query';
import { formatDateTime, notify } from 'shared/ui';
import { isApiError } from 'shared/api';
import { FormAlert } from 'shared/forms';
import { dateTimeFormat } from 'shared/i18n';
import { ProtectedImage } from '../common/api/protected-image';
import { EmptyState, ErrorState, Skeleton } from '../common/states';
import { annotateDailyLog, getDailyLogs, postDailyLog } from './api/daily-logs';
import { FilePicker, IMAGE_TYPES } from './file-picker';
import { TextAreaField } from './text-area-field';
import { UploadFormFooter, useUploadForm } from './upload-form';
import { useEscrowLabels } from './escrow-labels';

/** A capture time as the camera gave it, in UTC so every reader sees the same hour. */
export function useCaptureTime() {
  const { i18n } = useLingui();
  return (iso: string) =>
    `${dateTimeFormat(i18n.locale || 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

/** A photo of the timeline with the time and place it was taken, when the camera recorded them. */
export function SitePhotoFigure({ photo, tokenKey }: { photo: SitePhoto; tokenKey?: string }) {
  const { t } = useLingui();
  const captured = useCaptureTime();
  const at = photo.captured_at ? captured(photo.captured_at) : null;
  return (
    <figure className="site-photo">
      <ProtectedImage className="site-photo__image" url={photo.url} alt={photo.file_name} {...(tokenKey ? { tokenKey } : {})} />
      <figcaption>
        {at ? <span>{t`Taken ${at}`}</span> : <span className="client-muted">{t`No capture time in the photo`}</span>}
        {photo.latitude !== null && photo.longitude !== null && (
          <span className="client-muted">{t`At ${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`}</span>
        )}
      </figcaption>
    </figure>
  );
}

/** The chain's head, for a party to write down: it proves later what had been recorded by then. */
export function ChainHeadLine({ chain }: { chain: ChainHead }) {
  const seq = chain.seq;
  return (
    <p className="site-chain client-muted">
      <Trans>
        Record no. {seq}, fingerprint <code className="site-chain__hash">{chain.hash}</code>
      </Trans>
    </p>
  );
}

/** One entry: who wrote what when, its photos, and its annotations. */
export function SiteLogEntry({
  entry,
  tokenKey,
  onAnnotate,
}: {
  entry: DailyLogEntry;
  tokenKey?: string;
  onAnnotate?: (text: string) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const labels = useEscrowLabels();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = formatDateTime(entry.at, i18n.locale);
  const role = labels.party(entry.author.role);
  const author = entry.author.name;
  const annotate = async () => {
    if (!note.trim()) {
      setProblem(t`Please write the annotation.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onAnnotate?.(note.trim());
      setNote('');
    } catch (error) {
      setProblem(isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : t`The annotation could not be saved. Try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="site-entry">
      <article aria-label={t`Entry by ${author}, ${when}`}>
        <header className="site-entry__head">
          <strong>{author}</strong> <span className="client-muted">({role})</span> · <time dateTime={entry.at}>{when}</time>
          {entry.edited_at && <span className="client-muted"> · {t`corrected`}</span>}
        </header>
        <p className="site-entry__body">{entry.body}</p>
        {entry.photos.length > 0 && (
          <div className="site-entry__photos">
            {entry.photos.map((photo) => (
              <SitePhotoFigure key={photo.id} photo={photo} {...(tokenKey ? { tokenKey } : {})} />
            ))}
          </div>
        )}
        {entry.annotations.length > 0 && (
          <ul className="site-entry__notes" aria-label={t`Annotations`}>
            {entry.annotations.map((annotation) => (
              <li key={annotation.id}>
                <strong>{annotation.author.name}</strong> · <time dateTime={annotation.at}>{formatDateTime(annotation.at, i18n.locale)}</time>
                <p>{annotation.body}</p>
              </li>
            ))}
          </ul>
        )}
        {onAnnotate && (
          <div className="site-entry__annotate">
            <label className="ui-field__label" htmlFor={`annotate-${entry.id}`}>
              <Trans>Add an annotation</Trans>
            </label>
            <div className="site-entry__annotate-row">
              <input
                id={`annotate-${entry.id}`}
                className="ui-field__input"
                value={note}
                maxLength={2000}
                disabled={busy}
                onChange={(event) => setNote(event.target.value)}
              />
              <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => void annotate()}>
                <Trans>Annotate</Trans>
              </button>
            </div>
            {problem && <FormAlert>{problem}</FormAlert>}
          </div>
        )}
      </article>
    </li>
  );
}

/** The new entry form: text and photos, with the upload's progress. */
function NewEntryForm({ contract, onPosted }: { contract: Contract; onPosted: (entry: DailyLogEntry) => void }) {
  const { t } = useLingui();
  const { form, progress, busy, problem, submit } = useUploadForm({ initialValues: { body: '', photos: [] as File[] }, schema: DailyLogFormSchema });
  const body = form.field('body');
  const send = submit(
    async (input, onProgress) => {
      const entry = await postDailyLog(contract.id, input, onProgress);
      notify.success(t`The entry is in the site log.`);
      form.setValue('body', '');
      form.setValue('photos', []);
      onPosted(entry);
    },
    t`The upload failed. Check your connection and try again.`,
  );
  return (
    <form className="escrow-form site-log__form" ref={form.formRef} noValidate onSubmit={send}>
      <TextAreaField
        label={t`What happened on site today`}
        name="body"
        value={body.value}
        onChange={body.onChange}
        onBlur={body.onBlur}
        errors={body.errors}
        maxLength={DAILY_LOG_BODY_MAX}
        disabled={busy}
        rows={3}
      />
      <FilePicker
        label={t`Photos`}
        hint={t`Optional: up to 6 photos, 10 MB each. The time and place the camera recorded are kept.`}
        name="photos"
        types={IMAGE_TYPES}
        maxFiles={6}
        maxBytes={10 * 1024 * 1024}
        files={form.values.photos}
        onChange={(files) => form.setValue('photos', files)}
        errors={form.errors.photos}
        disabled={busy}
      />
      <UploadFormFooter
        progress={progress}
        progressLabel={t`Sending the entry`}
        problem={problem}
        submitLabel={t`Add to the site log`}
        onCancel={() => {
          form.setValue('body', '');
          form.setValue('photos', []);
        }}
      />
    </form>
  );
}

/** The contract's dated timeline: entries of the parties and the expert, final after 15 minutes, with the chain's head. */
export function SiteLogPanel({ contract }: { contract: Contract }) {
  const queryClient = useQueryClient();
  const key = queryKeys.contracts.dailyLogs(contract.id);
  const logs = useQuery({ queryKey: key, queryFn: ({ signal }) => getDailyLogs(contract.id, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  return (
    <section className="ui-card client-panel site-log" aria-labelledby="site-log-title">
      <h2 id="site-log-title">
        <Trans>Site log</Trans>
      </h2>
      <p className="client-muted">
        <Trans>A dated record of the work. An entry can be corrected for 15 minutes; after that it is final and can only be annotated.</Trans>
      </p>
      {logs.data?.can_write && <NewEntryForm contract={contract} onPosted={refresh} />}
      {logs.status === 'error' && !logs.data ? (
        <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
      ) : !logs.data ? (
        <Skeleton count={2} variant="line" />
      ) : logs.data.data.length === 0 ? (
        <EmptyState title={<Trans>Nothing recorded yet</Trans>}>
          <Trans>Entries and photos of the work on site appear here, newest first.</Trans>
        </EmptyState>
      ) : (
        <ol className="site-log__entries">
          {logs.data.data.map((entry) => (
            <SiteLogEntry
              key={entry.id}
              entry={entry}
              onAnnotate={async (text) => {
                await annotateDailyLog(contract.id, entry.id, text);
                refresh();
              }}
            />
          ))}
        </ol>
      )}
      {logs.data && <ChainHeadLine chain={logs.data.chain} />}
    </section>
  );
}
