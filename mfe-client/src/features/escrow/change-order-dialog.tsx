import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { AmountInput, Field, FormAlert } from 'shared/forms';
import { notify, parseMoneyInput } from 'shared/ui';
import {
  CHANGE_REASON_MAX,
  CHANGE_RESPOND_DAYS_DEFAULT,
  CHANGE_RESPOND_DAYS_MAX,
  type ChangeOrder,
  type ContractView as Contract,
} from 'shared/contract';
import { UploadProgress } from '../common/document-picker';
import { proposeChangeOrder } from './api/change-orders';
import { EscrowDialog } from './escrow-dialog';
import { FilePicker, REPORT_TYPES } from './file-picker';
import { TextAreaField } from './text-area-field';

const NEW = 'new';

interface Line {
  milestone: string;
  title: string;
  direction: 'up' | 'down';
  amount: string;
}

const emptyLine = (): Line => ({ milestone: NEW, title: '', direction: 'up', amount: '' });

/** A party proposes a change of the plan: what and why, the price difference per milestone or a new milestone, a new date, attachments. */
export function ChangeOrderDialog({
  contract,
  onClose,
  onProposed,
}: {
  contract: Contract;
  onClose: () => void;
  onProposed: (order: ChangeOrder) => void;
}) {
  const { t } = useLingui();
  const [title, setTitle] = useState('');
  const [reason, setReason] = useState('');
  const [endDate, setEndDate] = useState('');
  const [days, setDays] = useState(String(CHANGE_RESPOND_DAYS_DEFAULT));
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  // Only milestones not yet paid out can change.
  const open = contract.milestones.filter((m) => !['released', 'refunded', 'settled'].includes(m.status));
  const update = (index: number, change: Partial<Line>) => setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (title.trim().length < 3) found.title = [t`Please say in a few words what changes.`];
    if (reason.trim().length < 10) found.reason = [t`Please explain why, in at least 10 characters.`];
    const parsed = lines.map((line, index) => {
      const minor = parseMoneyInput(line.amount, contract.currency);
      if (minor === null || minor <= 0) found[`line-${index}`] = [t`Please enter the price difference.`];
      if (line.milestone === NEW && line.title.trim().length < 2) found[`line-${index}`] = [t`Please name the new milestone.`];
      const delta = (minor ?? 0) * (line.milestone !== NEW && line.direction === 'down' ? -1 : 1);
      return line.milestone === NEW ? { title: line.title.trim(), amount_delta: delta } : { milestone_id: line.milestone, amount_delta: delta };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProblem(null);
    setProgress(0);
    try {
      const order = await proposeChangeOrder(
        contract.id,
        {
          title: title.trim(),
          reason: reason.trim(),
          newEndDate: endDate,
          respondWithinDays: Number(days) || CHANGE_RESPOND_DAYS_DEFAULT,
          lines: parsed,
          attachments,
        },
        setProgress,
      );
      notify.success(t`The change order is sent. The other party is asked to approve or decline it.`);
      onProposed(order);
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status < 500) {
        setProblem(error.message);
        setErrors(error.errors);
      } else setProblem(t`The change order could not be sent. Check your connection and try again.`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <EscrowDialog title={t`Propose a change`} onClose={onClose} busy={busy}>
      <form className="escrow-form" noValidate onSubmit={(event) => void send(event)}>
        <Field label={t`What changes`} name="title" errors={errors.title}>
          {(control) => (
            <input
              {...control}
              className="ui-field__input"
              value={title}
              maxLength={120}
              disabled={busy}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <TextAreaField
          label={t`Why`}
          name="reason"
          value={reason}
          onChange={setReason}
          errors={errors.reason}
          maxLength={CHANGE_REASON_MAX}
          disabled={busy}
          rows={3}
        />
        <fieldset className="change-lines">
          <legend>
            <Trans>Price</Trans>
          </legend>
          {lines.map((line, index) => (
            <div className="change-lines__row" key={index}>
              <Field label={t`Milestone`} name={`milestone-${index}`}>
                {(control) => (
                  <select
                    {...control}
                    className="ui-field__input"
                    value={line.milestone}
                    disabled={busy}
                    onChange={(e) => update(index, { milestone: e.target.value })}
                  >
                    <option value={NEW}>{t`A new milestone`}</option>
                    {open.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.position}. {m.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {line.milestone === NEW ? (
                <Field label={t`New milestone’s title`} name={`title-${index}`}>
                  {(control) => (
                    <input
                      {...control}
                      className="ui-field__input"
                      value={line.title}
                      maxLength={120}
                      disabled={busy}
                      onChange={(e) => update(index, { title: e.target.value })}
                    />
                  )}
                </Field>
              ) : (
                <Field label={t`Change`} name={`direction-${index}`}>
                  {(control) => (
                    <select
                      {...control}
                      className="ui-field__input"
                      value={line.direction}
                      disabled={busy}
                      onChange={(e) => update(index, { direction: e.target.value as Line['direction'] })}
                    >
                      <option value="up">{t`Costs more`}</option>
                      <option value="down">{t`Costs less`}</option>
                    </select>
                  )}
                </Field>
              )}
              <Field
                label={line.milestone === NEW ? t`Price (${contract.currency})` : t`Difference (${contract.currency})`}
                name={`amount-${index}`}
                errors={errors[`line-${index}`]}
              >
                {(control) => (
                  <AmountInput
                    {...control}
                    className="ui-field__input"
                    value={line.amount}
                    disabled={busy}
                    onChange={(amount) => update(index, { amount })}
                  />
                )}
              </Field>
              {lines.length > 1 && (
                <button
                  type="button"
                  className="ui-button ui-button--ghost"
                  disabled={busy}
                  onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                >
                  <Trans>Remove this line</Trans>
                </button>
              )}
            </div>
          ))}
          {lines.length < 10 && (
            <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => setLines((all) => [...all, emptyLine()])}>
              <Trans>Add a line</Trans>
            </button>
          )}
          {errors.lines && <FormAlert>{errors.lines.join(' ')}</FormAlert>}
        </fieldset>
        <Field label={t`New end date`} hint={t`Optional.`} name="new_end_date" errors={errors.new_end_date}>
          {(control) => (
            <input
              {...control}
              className="ui-field__input"
              type="date"
              value={endDate}
              disabled={busy}
              onChange={(e) => setEndDate(e.target.value)}
            />
          )}
        </Field>
        <Field label={t`Days the other party has to answer`} name="respond_within_days" errors={errors.respond_within_days}>
          {(control) => (
            <input
              {...control}
              className="ui-field__input"
              type="number"
              min={1}
              max={CHANGE_RESPOND_DAYS_MAX}
              value={days}
              disabled={busy}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
        <FilePicker
          label={t`Attachments`}
          hint={t`Optional: up to 5 photos or PDF files, 10 MB each.`}
          name="attachments"
          types={REPORT_TYPES}
          maxFiles={5}
          maxBytes={10 * 1024 * 1024}
          files={attachments}
          onChange={setAttachments}
          errors={errors.attachments}
          disabled={busy}
        />
        {busy && <UploadProgress fraction={progress} label={t`Sending the change order`} />}
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="escrow-form__actions">
          <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
            {busy ? t`Sending…` : t`Send the change order`}
          </button>
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </EscrowDialog>
  );
}
