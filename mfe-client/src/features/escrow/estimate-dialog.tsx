import { Trans, useLingui } from '@lingui/react/macro';
import { AmountInput, Field } from 'shared/forms';
import { estimateFormSchema, MILESTONE_NOTES_MAX } from 'shared/schemas';
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

/** After an insolvency, the expert values the work done on a funded milestone: that part goes to the contractor. */
export function EstimateDialog({ contract, milestone, onClose, onDone }: EstimateDialogProps) {
  const { t, i18n } = useLingui();
  const format = useFormatters();
  const names = useReferenceNames();
  const currency = contract.currency;
  const digits = names.minorDigits(currency) ?? minorDigitsOf(currency);
  const max = format.money(milestone.amount, currency);
  const { form, progress, busy, problem, submit } = useUploadForm({
    initialValues: { owed_amount: '', notes: '', report: [] as File[] },
    // Read in the user's language and the currency's decimals, like every amount field.
    schema: estimateFormSchema(currency, i18n.locale, milestone.amount, max, digits),
  });
  const { errors } = form;
  const owed = form.field('owed_amount');
  const notes = form.field('notes');

  const send = submit(
    async (input, onProgress) => {
      const updated = await estimateMilestone(contract.id, milestone.id, input, onProgress);
      const value = format.money(input.owed_amount, currency);
      notify.success(t`Estimate saved: ${value} owed for milestone ${milestone.position}.`);
      onDone(updated);
    },
    t`The upload failed. Check your connection and try again.`,
  );

  return (
    <EscrowDialog title={t`Estimate milestone ${milestone.position}: ${milestone.title}`} onClose={onClose} busy={busy}>
      <form className="escrow-form" ref={form.formRef} noValidate onSubmit={send}>
        <p className="client-muted">
          <Trans>
            The contractor can no longer finish the work. Estimate the value of what was done on this milestone; the rest goes back to the client or
            to a replacement contractor.
          </Trans>
        </p>
        <Field label={t`Amount owed (${currency})`} hint={t`Between 0 and ${max}.`} errors={errors.owed_amount} name="owed_amount">
          {(control) => (
            <AmountInput
              {...control}
              className="ui-field__input"
              name="owed_amount"
              aria-required
              value={owed.value}
              disabled={busy}
              onChange={owed.onChange}
              onBlur={owed.onBlur}
            />
          )}
        </Field>
        <TextAreaField
          label={t`Estimate notes`}
          name="notes"
          value={notes.value}
          onChange={notes.onChange}
          onBlur={notes.onBlur}
          errors={notes.errors}
          maxLength={MILESTONE_NOTES_MAX}
          disabled={busy}
        />
        <FilePicker
          label={t`Report`}
          hint={t`One PDF or image, up to 20 MB.`}
          name="report"
          types={REPORT_TYPES}
          maxFiles={1}
          maxBytes={REPORT_MAX_BYTES}
          files={form.values.report}
          onChange={(files) => form.setValue('report', files)}
          errors={errors.report}
          disabled={busy}
        />
        <UploadFormFooter
          progress={progress}
          progressLabel={t`Sending the estimate`}
          problem={problem}
          submitLabel={t`Save the estimate`}
          onCancel={onClose}
        />
      </form>
    </EscrowDialog>
  );
}
