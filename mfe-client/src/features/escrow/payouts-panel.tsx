import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, type FieldErrors } from 'shared/api';
import type { Payout, PayoutMethod, PayoutStatus } from 'shared/contract';
import { AmountInput, Field, FormAlert } from 'shared/forms';
import { Money, formatDateTime, notify, parseMoneyInput } from 'shared/ui';
import { ErrorState, Skeleton } from '../common/states';
import { newIdempotencyKey } from 'shared/api';
import {
  addPayoutMethod,
  getPayouts,
  listPayoutMethods,
  openPayoutReceipt,
  payoutKeys,
  removePayoutMethod,
  requestPayout,
  setAutomaticPayouts,
} from './api/payouts';
import './payouts.css';

/** The problem to show for a failed call: the server's own words for a refusal, a generic line otherwise. */
function problemOf(error: unknown, fallback: string): { message: string; fields: FieldErrors } {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) return { message: error.message, fields: error.errors ?? {} };
  return { message: fallback, fields: {} };
}

function usePayoutLabels() {
  const { t } = useLingui();
  const status: Record<PayoutStatus, string> = {
    pending: t`Pending`,
    in_transit: t`On its way to your account`,
    paid: t`Paid`,
    failed: t`Failed, back in your balance`,
    returned: t`Returned to your balance`,
  };
  const operator = (method: Pick<PayoutMethod, 'kind' | 'operator'>) =>
    method.kind === 'bank' ? t`Bank account` : method.operator === 'mtn' ? t`MTN Mobile Money` : t`Orange Money`;
  return { status, operator };
}

/** A payee's money after the releases: balances, where it goes, and the payouts with their receipts. */
export function PayoutsPanel() {
  const { t } = useLingui();
  const overview = useQuery({ queryKey: payoutKeys.overview, queryFn: ({ signal }) => getPayouts(signal) });
  const methods = useQuery({ queryKey: payoutKeys.methods, queryFn: ({ signal }) => listPayoutMethods(signal) });
  if ((overview.status === 'error' && !overview.data) || (methods.status === 'error' && !methods.data)) {
    return <ErrorState error={overview.error ?? methods.error} onRetry={() => void Promise.all([overview.refetch(), methods.refetch()])} />;
  }
  if (!overview.data || !methods.data) return <Skeleton count={2} />;
  return (
    <section className="payouts" aria-labelledby="payouts-title">
      <h2 id="payouts-title">{t`Your money`}</h2>
      <Balances overview={overview.data} />
      <div className="payouts__columns">
        <RequestPayout methods={methods.data} balances={overview.data.balances} />
        <Methods methods={methods.data} kyc={overview.data.kyc} />
      </div>
      <AutomaticChoice automatic={overview.data.automatic} />
      <PayoutList payouts={overview.data.data} />
    </section>
  );
}

function Balances({ overview }: { overview: Awaited<ReturnType<typeof getPayouts>> }) {
  const { t } = useLingui();
  if (overview.balances.length === 0) return <p className="client-muted">{t`Money released to you will show here.`}</p>;
  return (
    <dl className="payouts__balances">
      {overview.balances.map((balance) => (
        <div key={balance.currency} className="ui-card payouts__balance">
          <dt>{t`Available (${balance.currency})`}</dt>
          <dd className="payouts__available">
            <Money amount={balance.available} currency={balance.currency} />
          </dd>
          <dd className="client-muted">
            <Trans>
              On its way: <Money amount={balance.on_the_way} currency={balance.currency} /> · Paid out:{' '}
              <Money amount={balance.paid_out} currency={balance.currency} />
            </Trans>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Methods({ methods, kyc }: { methods: PayoutMethod[]; kyc: string }) {
  const { t, i18n } = useLingui();
  const labels = usePayoutLabels();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <div className="ui-card payouts__card">
      <h3>{t`Payout methods`}</h3>
      {kyc === 'pending' && <p className="payouts__waiting">{t`The payment provider is still verifying the account holder.`}</p>}
      {methods.length === 0 ? (
        <p className="client-muted">{t`Add a mobile money number or a bank account to receive your money.`}</p>
      ) : (
        <ul className="payouts__methods">
          {methods.map((method) => (
            <li key={method.id}>
              <span>
                <strong>{labels.operator(method)}</strong> {method.masked} · {method.holder_name}
              </span>
              <span className={method.usable ? 'payouts__ready' : 'payouts__waiting'}>
                {method.usable ? t`Ready` : t`Usable from ${formatDateTime(method.usable_from, i18n.locale)}`}
              </span>
              {removing === method.id ? (
                <PasswordConfirm
                  label={t`Remove`}
                  onCancel={() => setRemoving(null)}
                  onConfirm={async (password) => {
                    await removePayoutMethod(method.id, password);
                    notify.success(t`Payout method removed. We sent you an e-mail.`);
                    setRemoving(null);
                  }}
                />
              ) : (
                <button type="button" className="ui-button ui-button--ghost" onClick={() => setRemoving(method.id)}>
                  {t`Remove`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <AddMethodForm onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="ui-button" onClick={() => setAdding(true)}>
          {t`Add a payout method`}
        </button>
      )}
    </div>
  );
}

function PasswordConfirm({ label, onConfirm, onCancel }: { label: string; onConfirm: (password: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(password);
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
    } catch (error) {
      setProblem(problemOf(error, t`This could not be saved. Try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="payouts__confirm" onSubmit={submit} aria-busy={busy} noValidate>
      <PlainField
        name="confirm-password"
        label={t`Your password`}
        type="password"
        value={password}
        onChange={setPassword}
        errors={problem?.fields.password}
        autoComplete="current-password"
      />
      {problem && !problem.fields.password && <FormAlert>{problem.message}</FormAlert>}
      <div className="escrow-form__actions">
        <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
          {busy ? t`Checking…` : label}
        </button>
        <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

function PlainField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'decimal' | 'text';
  hint?: ReactNode;
}) {
  return (
    <Field label={props.label} errors={props.errors ?? []} name={props.name} {...(props.hint ? { hint: props.hint } : {})}>
      {(control) =>
        // An amount groups its thousands as it is typed.
        props.inputMode === 'decimal' ? (
          <AmountInput {...control} className="ui-field__input" name={props.name} value={props.value} onChange={props.onChange} />
        ) : (
          <input
            {...control}
            className="ui-field__input"
            name={props.name}
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

function AddMethodForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'mobile_money' | 'bank'>('mobile_money');
  const [operator, setOperator] = useState<'mtn' | 'orange'>('mtn');
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [currency, setCurrency] = useState('XAF');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await addPayoutMethod(
        kind === 'mobile_money'
          ? { kind, operator, phone: account, holder_name: holder, password }
          : { kind, account_number: account, holder_name: holder, currency: currency as 'XAF', password },
      );
      notify.success(t`Payout method added. It can receive money in 72 hours; we sent you an e-mail.`);
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
      onDone();
    } catch (error) {
      setProblem(problemOf(error, t`The payout method could not be saved. Try again.`));
    } finally {
      setBusy(false);
    }
  };
  const fields = problem?.fields ?? {};
  return (
    <form className="escrow-form payouts__form" onSubmit={submit} aria-busy={busy} noValidate>
      <fieldset className="payouts__kinds">
        <legend>{t`Where should we send your money?`}</legend>
        <label>
          <input type="radio" name="payout-kind" checked={kind === 'mobile_money'} onChange={() => setKind('mobile_money')} /> {t`Mobile money`}
        </label>
        <label>
          <input type="radio" name="payout-kind" checked={kind === 'bank'} onChange={() => setKind('bank')} /> {t`Bank account`}
        </label>
      </fieldset>
      {kind === 'mobile_money' ? (
        <Field label={t`Operator`} name="payout-operator" errors={fields.operator ?? []}>
          {(control) => (
            <select
              {...control}
              className="ui-field__input ui-field__select"
              value={operator}
              onChange={(event) => setOperator(event.target.value as 'mtn')}
            >
              <option value="mtn">{t`MTN Mobile Money`}</option>
              <option value="orange">{t`Orange Money`}</option>
            </select>
          )}
        </Field>
      ) : (
        <Field label={t`Currency`} name="payout-currency" errors={fields.currency ?? []}>
          {(control) => (
            <select {...control} className="ui-field__input ui-field__select" value={currency} onChange={(event) => setCurrency(event.target.value)}>
              {['XAF', 'EUR', 'USD', 'GBP'].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <PlainField
        name="payout-account"
        label={kind === 'mobile_money' ? t`Mobile number` : t`IBAN or RIB`}
        value={account}
        onChange={setAccount}
        inputMode={kind === 'mobile_money' ? 'tel' : 'text'}
        errors={fields.phone ?? fields.account_number}
        hint={kind === 'mobile_money' ? t`237 and nine digits, for example 237 6 70 00 00 00` : undefined}
      />
      <PlainField
        name="payout-holder"
        label={t`Account holder’s name`}
        value={holder}
        onChange={setHolder}
        errors={fields.holder_name}
        autoComplete="name"
      />
      <PlainField
        name="payout-password"
        label={t`Your password`}
        type="password"
        value={password}
        onChange={setPassword}
        errors={fields.password}
        autoComplete="current-password"
        hint={t`Changing where your money goes needs your password.`}
      />
      {problem && Object.keys(problem.fields).length === 0 && <FormAlert>{problem.message}</FormAlert>}
      <div className="escrow-form__actions">
        <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
          {busy ? t`Saving…` : t`Save payout method`}
        </button>
        <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

function RequestPayout({ methods, balances }: { methods: PayoutMethod[]; balances: { currency: string; available: number }[] }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const labels = usePayoutLabels();
  const usable = methods.filter((method) => method.usable);
  const [methodId, setMethodId] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: FieldErrors } | null>(null);
  // One key per payout asked for, kept across retries of the same request.
  const [key, setKey] = useState(newIdempotencyKey);
  const method = usable.find((m) => m.id === methodId) ?? usable[0];
  const currency = method?.currency ?? 'XAF';
  const available = balances.find((balance) => balance.currency === currency)?.available ?? 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    const minor = amount.trim() === '' ? available : parseMoneyInput(amount, currency);
    if (minor === null || minor <= 0) {
      setProblem({ message: t`Enter an amount.`, fields: { amount: [t`Enter an amount.`] } });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await requestPayout({ method_id: method.id, amount: minor, currency }, key);
      notify.success(t`Payout sent to the provider. It shows as paid once your operator or bank confirms.`);
      setAmount('');
      setKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
    } catch (error) {
      setProblem(problemOf(error, t`The payout could not be confirmed. Try again: it is never paid twice.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ui-card payouts__card">
      <h3>{t`Withdraw`}</h3>
      {usable.length === 0 ? (
        <p className="client-muted">{t`A payout method can receive money 72 hours after it was added.`}</p>
      ) : (
        <form className="escrow-form" onSubmit={submit} aria-busy={busy} noValidate>
          <Field label={t`To`} name="payout-method">
            {(control) => (
              <select
                {...control}
                className="ui-field__input ui-field__select"
                value={method?.id}
                onChange={(event) => setMethodId(event.target.value)}
              >
                {usable.map((m) => (
                  <option key={m.id} value={m.id}>
                    {labels.operator(m)} {m.masked}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <PlainField
            name="payout-amount"
            label={t`Amount (${currency})`}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            errors={problem?.fields.amount}
            hint={
              <Trans>
                Leave empty to withdraw everything available: <Money amount={available} currency={currency} />
              </Trans>
            }
          />
          {problem && !problem.fields.amount && <FormAlert>{problem.message}</FormAlert>}
          <div className="escrow-form__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={busy || available <= 0}>
              {busy ? t`Sending…` : t`Withdraw`}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function AutomaticChoice({ automatic }: { automatic: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await setAutomaticPayouts(next);
      await queryClient.invalidateQueries({ queryKey: ['payouts'] });
    } catch (error) {
      notify.error(problemOf(error, t`This could not be saved. Try again.`).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="payouts__automatic">
      <input type="checkbox" checked={automatic} disabled={busy} onChange={(event) => void change(event.target.checked)} />{' '}
      {t`Pay me out automatically after every release`}
    </label>
  );
}

function PayoutList({ payouts }: { payouts: Payout[] }) {
  const { t, i18n } = useLingui();
  const labels = usePayoutLabels();
  if (payouts.length === 0) return <p className="client-muted">{t`No payouts yet.`}</p>;
  return (
    <div className="payouts__table-wrap">
      <table className="payouts__table">
        <caption>{t`Payouts`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`Amount`}</th>
            <th scope="col">{t`To`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">{t`Receipt`}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td>{formatDateTime(payout.created_at, i18n.locale)}</td>
              <td>
                <Money amount={payout.amount} currency={payout.currency} />
              </td>
              <td>
                {labels.operator(payout.method)} {payout.method.masked}
              </td>
              <td>
                <span className={`client-badge payouts__status--${payout.status}`}>{labels.status[payout.status]}</span>
                {payout.held && <span className="client-muted"> · {t`Held by our team`}</span>}
              </td>
              <td>
                <button type="button" className="ui-button ui-button--ghost" onClick={() => void openPayoutReceipt(payout.id)}>
                  {payout.receipt_number}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
