import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from 'shared/forms';
import { moneyProblemMessage, parseMoney } from 'shared/money';
import { minorDigitsOf, notify } from 'shared/ui';
import { useFormatters, useReferenceNames } from '../common/reference';
import type { ContractView as Contract, MilestoneView as Milestone } from 'shared/contract';
import { estimateMilestone } from './api/milestone-forms';
import { EscrowDialog } from './escrow-dialog';
import { FilePicker, REPORT_TYPES } from './file-picker';
import { REPORT_MAX_BYTES } from './inspect-dialog';
import { TextAreaField } from './text-area-field';
import { UploadFormFooter, useUploadForm } from './upload-form';

interface EstimateDialogProps {
  contract: Contract;
  milestone: Milestone;
  onClose: () => void;
  onDone: (contract: Contract) => void;
}

const NOTES_MAX = 2000;

/** After an insolvency, the expert values the work done on a funded milestone: that part goes to the contractor. */
export function EstimateDialog({ contract, milestone, onClose, onDone }: EstimateDialogProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const names = useReferenceNames();
  const currency = contract.currency;
  const digits = names.minorDigits(currency) ?? minorDigitsOf(currency);
  const [owed, setOwed] = useState('');
  const [notes, setNotes] = useState('');
  const [report, setReport] = useState<File[]>([]);
  const { errors, setErrors, progress, busy, problem, send } = useUploadForm();
  const max = format.money(milestone.amount, currency);

  const submit = async () => {
    const found: Record<string, string[]> = {};
    // Read in the user's language and the currency's decimals, like every amount field.
    const parsed = parseMoney(owed, currency, i18n.locale, digits);
    if (!parsed.ok) {
      found.owed_amount = [parsed.problem === 'empty' ? t`Please enter an amount between 0 and ${max}.` : i18n._(moneyProblemMessage(parsed.problem, currency, i18n.locale, digits))];
    } else if (parsed.minor > milestone.amount) {
      found.owed_amount = [t`Please enter an amount between 0 and ${max}.`];
    }
    if (!notes.trim()) found.notes = [t`Please explain your estimate.`];
    else if (notes.length > NOTES_MAX) found.notes = [t`Please keep the notes under ${NOTES_MAX} characters.`];
    if (report.length === 0) found.report = [t`Please attach your report (PDF or image).`];
    setErrors(found);
    const file = report[0];
    if (Object.keys(found).length > 0 || !parsed.ok || !file) return;
    const updated = await send((onProgress) => estimateMilestone(contract.id, milestone.id, { owed_amount: parsed.minor, notes: notes.trim(), report: file }, onProgress), t`The upload failed. Check your connection and try again.`);
    if (!updated) return;
    const value = format.money(parsed.minor, currency);
    notify.success(t`Estimate saved: ${value} owed for milestone ${milestone.position}.`);
    onDone(updated);
  };

  return (
    <EscrowDialog title={t`Estimate milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form
        className="escrow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="client-muted">
          <Trans>The contractor can no longer finish the work. Estimate the value of what was done on this milestone; the rest goes back to the client or to a replacement contractor.</Trans>
        </p>
        <Field label={t`Amount owed (${currency})`} hint={t`Between 0 and ${max}.`} errors={errors.owed_amount} name="owed_amount">
          {(control) => (
            <input {...control} className="ui-field__input" name="owed_amount" inputMode="decimal" aria-required value={owed} disabled={busy} onChange={(event) => setOwed(event.target.value)} />
          )}
        </Field>
        <TextAreaField label={t`Estimate notes`} name="notes" value={notes} onChange={setNotes} errors={errors.notes} maxLength={NOTES_MAX} disabled={busy} />
        <FilePicker
          label={t`Report`}
          hint={t`One PDF or image, up to 20 MB.`}
          name="report"
          types={REPORT_TYPES}
          maxFiles={1}
          maxBytes={REPORT_MAX_BYTES}
          files={report}
          onChange={setReport}
          errors={errors.report}
          disabled={busy}
        />
        <UploadFormFooter progress={progress} progressLabel={t`Sending the estimate`} problem={problem} submitLabel={t`Save the estimate`} onCancel={onClose} />
      </form>
    </EscrowDialog>
  );
}
