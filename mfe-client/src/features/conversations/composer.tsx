import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { CONVERSATION_MESSAGES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX_LENGTH, MessageBodySchema } from 'shared/contract';
import { SOMETHING_WENT_WRONG } from 'shared/ui';
import { ChosenFiles } from '../common/chosen-files';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, UploadProgress } from '../common/document-picker';
import { sendMessage } from './api/send-message';
import { issueTexts } from './conversation-labels';

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line; photos and
 * PDFs follow the documents' rules, checked before anything leaves, and the
 * upload shows its progress. The server's refusal is shown as it says it.
 */
export function Composer({ conversationId, onSent }: { conversationId: string; onSent: () => Promise<unknown> | void }) {
  const { t, i18n } = useLingui();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const hintId = useId();
  const busy = progress !== null;

  const add = (incoming: File[]) => {
    const refused: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      if (!DOCUMENT_TYPES.includes(file.type)) refused.push(t`${file.name}: only PDF, PNG, JPEG, GIF and WebP files are accepted.`);
      else if (file.size > DOCUMENT_MAX_BYTES) refused.push(t`${file.name}: a file may be at most 20 MB.`);
      else accepted.push(file);
    }
    const next = [...files, ...accepted];
    if (next.length > MESSAGE_ATTACHMENTS_MAX) refused.push(t`A message can carry at most ${MESSAGE_ATTACHMENTS_MAX} files.`);
    setProblems(refused);
    setFiles(next.slice(0, MESSAGE_ATTACHMENTS_MAX));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(MessageBodySchema, { body });
    if (!parsed.success) {
      setProblems(issueTexts(parsed.issues, i18n));
      return;
    }
    if (!parsed.output.body && files.length === 0) {
      setProblems([i18n._(CONVERSATION_MESSAGES.bodyRequired)]);
      return;
    }
    setProblems([]);
    setProgress(0);
    try {
      await sendMessage(conversationId, parsed.output.body, files, setProgress);
      setBody('');
      setFiles([]);
      await onSent();
    } catch (error) {
      setProblems(refusal(error, i18n._(SOMETHING_WENT_WRONG)));
    } finally {
      setProgress(null);
      textRef.current?.focus();
    }
  };

  return (
    <form className="conversation-composer" onSubmit={(event) => void submit(event)} noValidate>
      {problems.length > 0 && (
        <div className="ui-field__errors" role="alert" id={errorId}>
          {problems.map((problem) => (
            <p key={problem} className="ui-field__error">
              {problem}
            </p>
          ))}
        </div>
      )}
      <ChosenFiles label={t`Files to send`} files={files} onChange={setFiles} disabled={busy} />
      {progress !== null && files.length > 0 && <UploadProgress fraction={progress} label={t`Sending the files`} />}
      <div className="conversation-composer__row">
        <button
          type="button"
          className="ui-button ui-button--ghost conversation-composer__attach"
          disabled={busy}
          onClick={() => inputRef.current?.click()}
          aria-label={t`Attach photos or PDFs`}
          title={t`Attach photos or PDFs`}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
          </svg>
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={DOCUMENT_TYPES.join(',')}
          aria-label={t`Files to attach`}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label className="ui-visually-hidden" htmlFor={`${hintId}-text`}>
          {t`Message`}
        </label>
        <textarea
          ref={textRef}
          id={`${hintId}-text`}
          className="conversation-composer__text"
          rows={2}
          value={body}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t`Write a message`}
          aria-describedby={problems.length > 0 ? `${errorId} ${hintId}` : hintId}
          aria-invalid={problems.length > 0 || undefined}
          disabled={busy}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter is a new line, and a composing IME keeps its Enter.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <button type="submit" className="ui-button conversation-composer__send" disabled={busy}>
          <Trans>Send</Trans>
        </button>
      </div>
      <p className="client-muted conversation-composer__hint" id={hintId}>
        <Trans>Enter sends, Shift+Enter starts a new line. Photos and PDFs up to 20 MB, {MESSAGE_ATTACHMENTS_MAX} at most.</Trans>
      </p>
    </form>
  );
}

/** What the server said was wrong (already in the reader's language), or the generic apology. */
export function refusal(error: unknown, fallback: string): string[] {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) {
    const fields = Object.values(error.errors).flat();
    return fields.length > 0 ? fields : [error.message];
  }
  return [fallback];
}
