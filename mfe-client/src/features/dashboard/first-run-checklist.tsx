import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

export type StepState = 'done' | 'todo' | 'later';

export interface ChecklistStep {
  id: string;
  title: ReactNode;
  text: ReactNode;
  state: StepState;
  /** Where the step is done; a step done elsewhere (verification) has none. */
  to?: string;
}

/**
 * The first screens of a new account: what to do next, in order, with the
 * state of each step. Gone once every step that can be done is done, so it
 * never stays on a settled dashboard.
 */
export function FirstRunChecklist({ steps }: { steps: ChecklistStep[] }) {
  const { t } = useLingui();
  if (steps.every((step) => step.state !== 'todo')) return null;
  const done = steps.filter((step) => step.state === 'done').length;
  const total = steps.length;
  const label: Record<StepState, string> = { done: t`Done`, todo: t`To do`, later: t`Later` };
  return (
    <section className="ui-card client-panel client-checklist" aria-labelledby="client-checklist-title">
      <div className="client-checklist__head">
        <h2 id="client-checklist-title">
          <Trans>Get started</Trans>
        </h2>
        <p className="client-muted">
          <Trans>
            {done} of {total} done
          </Trans>
        </p>
      </div>
      <ol className="client-checklist__steps">
        {steps.map((step) => (
          <li key={step.id} className={`client-checklist__step client-checklist__step--${step.state}`}>
            <span className="client-checklist__mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            <div>
              <p className="client-checklist__title">
                {step.to && step.state === 'todo' ? (
                  // A step further down this page is a plain anchor: the router would scroll back to the top.
                  step.to.startsWith('#') ? (
                    <a href={step.to}>{step.title}</a>
                  ) : (
                    <Link to={step.to}>{step.title}</Link>
                  )
                ) : (
                  <strong>{step.title}</strong>
                )}{' '}
                <span className={`client-badge client-checklist__state client-checklist__state--${step.state}`}>{label[step.state]}</span>
              </p>
              <p className="client-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
