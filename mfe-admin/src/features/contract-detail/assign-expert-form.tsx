import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { adminCalls } from '../api/admin-api';
import { escrowCalls } from '../api/escrow-api';
import type { ContractView } from 'shared/contract';
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
  const [expertId, setExpertId] = useState(contract.expert?.id ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setExpertId(contract.expert?.id ?? ''), [contract.expert?.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!expertId || saving) return;
    setSaving(true);
    setRefusal(null);
    try {
      const updated = await escrowCalls.assignExpert(contract.id, expertId);
      onAssigned(updated);
      const name = updated.expert?.name ?? '';
      notify.success(t`${name} now inspects this contract.`);
    } catch (error) {
      const field = isApiError(error) ? error.fieldError('expert_id') : undefined;
      setRefusal(field ?? serverMessage(error) ?? t(SOMETHING_WENT_WRONG));
    } finally {
      setSaving(false);
    }
  };

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
        <form className="admin-form admin-assign" onSubmit={submit}>
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
              onChange={(event) => {
                setExpertId(event.target.value);
                setRefusal(null);
              }}
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
