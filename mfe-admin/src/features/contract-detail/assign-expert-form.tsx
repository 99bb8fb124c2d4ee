import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { adminCalls } from '../common/api/admin-api';
import { escrowCalls } from '../common/api/escrow-api';
import type { ContractView } from 'shared/contract';
import { useForm } from 'shared/forms';
import { ExpertChoiceSchema } from 'shared/schemas';
import { serverMessage } from '../common/server-message';

/**
 * Picks the expert who inspects the contract's milestones. Only verified
 * experts are offered: their approval is what lets the client release money.
 * The server knows who else may not inspect (a party to the contract, a
 * suspended account) and says so, and its answer is shown as is.
 */
export function AssignExpertForm({ contract, onAssigned }: { contract: ContractView; onAssigned: (contract: ContractView) => void }) {
  const { t } = useLingui();
  const id = useId();
  const experts = useQuery({ queryKey: queryKeys.admin.experts(), queryFn: ({ signal }) => adminCalls.experts(signal) });
  const form = useForm({
    initialValues: { expert_id: contract.expert?.id ?? '' },
    schema: ExpertChoiceSchema,
    // The server's refusal (a party to the contract, a suspended account) is said under the choice, as it words it.
    onError: (error) => {
      form.setServerErrors({ expert_id: [(isApiError(error) && error.fieldError('expert_id')) || serverMessage(error) || t(SOMETHING_WENT_WRONG)] });
      return true;
    },
  });
  const expertId = form.values.expert_id;
  const saving = form.submitting;
  // Only the server refuses an expert offered here: its words, already in the admin's language.
  const refusal = form.errors.expert_id?.[0];
  useEffect(
    () => form.setValues({ expert_id: contract.expert?.id ?? '' }),
    // Only a newly assigned expert replaces the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [contract.expert?.id],
  );

  const submit = form.handleSubmit(async ({ expert_id }) => {
    const updated = await escrowCalls.assignExpert(contract.id, expert_id);
    onAssigned(updated);
    const name = updated.expert?.name ?? '';
    notify.success(t`${name} now inspects this contract.`);
  });

  const current = contract.expert?.name ?? '';
  const list = (experts.data?.data ?? []).filter((expert) => expert.verification_state === 'verified');
  return (
    <section className="ui-card admin-create" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        {contract.expert ? <Trans>Change expert</Trans> : <Trans>Assign expert</Trans>}
      </h2>
      <p className="admin-muted">
        {contract.expert ? (
          <Trans>{current} inspects this contract’s milestones.</Trans>
        ) : (
          <Trans>No expert inspects this contract yet: finished milestones cannot be inspected or released.</Trans>
        )}
      </p>
      {experts.error ? (
        <p className="admin-summary__error">
          <Trans>The list of experts is not available right now.</Trans>{' '}
          <button type="button" className="admin-link-button" onClick={() => void experts.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <form className="admin-form admin-assign" ref={form.formRef} onSubmit={submit} noValidate>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-expert`}>
              <Trans>Expert</Trans>
            </label>
            <select
              id={`${id}-expert`}
              className="ui-field__input ui-field__select"
              value={expertId}
              disabled={!experts.data}
              aria-invalid={Boolean(refusal)}
              aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
              onChange={(event) => form.setValue('expert_id', event.target.value)}
            >
              <option value="">{experts.data ? t`Choose an expert` : t`Loading…`}</option>
              {list.map((expert) => {
                const name = `${expert.first_name} ${expert.last_name}`;
                const workload = expert.workload;
                return (
                  <option key={expert.id} value={expert.id}>
                    {t`${name} — open inspections: ${workload}`}
                  </option>
                );
              })}
            </select>
            <p className="ui-field__hint" id={`${id}-hint`}>
              <Trans>Only verified experts are offered. Open inspections show each expert’s current workload.</Trans>
            </p>
            {refusal && (
              <p className="ui-field__error" id={`${id}-error`} role="alert">
                {refusal}
              </p>
            )}
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="ui-button" disabled={!expertId || expertId === contract.expert?.id || saving}>
              {saving ? t`Saving…` : contract.expert ? t`Change expert` : t`Assign expert`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
