import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { useForm } from 'shared/forms';
import { queryKeys } from 'shared/query';
import { SpecialistInviteSchema } from 'shared/schemas';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { listSpecialists } from '../common/api/list-specialists';
import { listInvites } from '../common/api/list-invites';
import { sendInvite } from '../common/api/send-invite';
import type { InviteView } from 'shared/contract';

/** The owner asks a specialist from the directory to quote: search, pick, add a message. */
export function InvitePanel({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  // Who has been asked already: marked at once after sending, and on every later visit.
  const sent = useQuery({ queryKey: queryKeys.invites.list(), queryFn: ({ signal }) => listInvites(signal) });
  const invited = new Set(
    (sent.data ?? []).filter((invite) => invite.project?.id === projectId && invite.specialist).map((invite) => invite.specialist!.id),
  );
  const [chosen, setChosen] = useState<{ id: string; title: string } | null>(null);
  const form = useForm({
    initialValues: { message: '' },
    schema: SpecialistInviteSchema,
    toInput: (values) => ({ ...values, project_id: projectId, specialist_id: chosen?.id }),
    onError: (error) => {
      notify.error(isApiError(error) && error.status === 409 ? error.message : i18n._(SOMETHING_WENT_WRONG));
      return true;
    },
  });
  const sending = form.submitting;
  const search = { q: query || undefined, page_size: 6 };
  const results = useQuery({
    queryKey: queryKeys.specialists.list(search),
    queryFn: ({ signal }) => listSpecialists(search, signal),
    placeholderData: keepPreviousData,
  });

  const send = form.handleSubmit(async (invite) => {
    const created = await sendInvite(invite);
    queryClient.setQueryData<InviteView[]>(queryKeys.invites.list(), (current) => [created, ...(current ?? [])]);
    void queryClient.invalidateQueries({ queryKey: queryKeys.invites.all });
    if (chosen) notify.success(t`${chosen.title} has been invited to quote.`);
    setChosen(null);
    form.setValue('message', '');
  });

  return (
    <section className="ui-card client-panel" aria-labelledby="client-invite-title">
      <h2 id="client-invite-title">
        <Trans>Invite a specialist</Trans>
      </h2>
      <label className="client-filters__field">
        <span>{t`Search the directory`}</span>
        <input className="ui-field__input" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </label>
      {results.status === 'error' ? (
        <p role="alert">
          <Trans>The directory could not be loaded.</Trans>{' '}
          <button type="button" className="ui-button ui-button--ghost" onClick={() => void results.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : results.data && results.data.data.length === 0 ? (
        <p className="client-muted">
          <Trans>No verified specialist matches this search.</Trans>
        </p>
      ) : (
        <ul className="client-pick-list" aria-busy={results.isFetching}>
          {results.data?.data.map((specialist) => {
            const already = invited.has(specialist.id);
            return (
              <li key={specialist.id}>
                <label>
                  <input
                    type="radio"
                    name="invite-specialist"
                    checked={chosen?.id === specialist.id}
                    disabled={already}
                    onChange={() => setChosen({ id: specialist.id, title: specialist.title })}
                  />
                  <span>
                    <strong>{specialist.title}</strong>
                    {specialist.subtitle && <span className="client-muted"> — {specialist.subtitle}</span>}
                  </span>
                  {already && (
                    <span className="client-badge client-badge--open client-invited">
                      <Trans>Invited</Trans>
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && (
        <form className="client-panel__section" ref={form.formRef} onSubmit={send}>
          <label className="client-filters__field">
            <span>{t`Message to ${chosen.title} (optional)`}</span>
            <textarea
              className="ui-field__input client-textarea"
              rows={3}
              maxLength={1000}
              value={form.values.message}
              onChange={(event) => form.setValue('message', event.target.value)}
            />
          </label>
          <button type="submit" className="ui-button" disabled={sending}>
            {sending ? t`Sending…` : t`Send the invitation`}
          </button>
        </form>
      )}
    </section>
  );
}
