import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { canOpenRoute } from 'shared/permissions';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { EmptyState } from '../common/states';
import { UploadProgress } from '../common/document-picker';
import { DocumentsStep } from './steps/documents-step';
import { ReviewStep } from './steps/review-step';
import { WhatStep } from './steps/what-step';
import { WhereStep } from './steps/where-step';
import { LAST_STEP, useProjectWizard } from './use-project-wizard';

/** `/main/create`: the form for clients; any other account is told why it is not for them. */
export function CreateProjectPage() {
  const user = useAtomValue(clientUserAtom);
  if (!canOpenRoute(user, 'main.create')) return <ClientsOnly />;
  return <ProjectForm />;
}

function ClientsOnly() {
  return (
    <section className="ui-page ui-container client-page">
      <EmptyState
        level={1}
        title={<Trans>Only clients post projects</Trans>}
        action={
          <Link className="ui-button" to={pathFor('main.dashboard')}>
            <Trans>Back to the dashboard</Trans>
          </Link>
        }
      >
        <Trans>
          Your account receives project requests and contracts instead. Projects you can quote on, or that you inspect, are listed under Projects.
        </Trans>
      </EmptyState>
    </section>
  );
}

/** The guided form: what, where and when, documents, then review and publish; saved as a draft at any step. */
function ProjectForm() {
  const { t } = useLingui();
  const wizard = useProjectWizard();
  const { designTitle } = wizard;
  const { form, step, busy } = wizard;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step]);
  const stepTitles = [t`What`, t`Where and when`, t`Documents`, t`Review and publish`];

  return (
    <section className="ui-page ui-container client-page client-create">
      <header className="client-page__header">
        <h1>
          <Trans>Post a project</Trans>
        </h1>
      </header>
      <ol className="client-steps" aria-label={t`Steps`}>
        {stepTitles.map((title, index) => (
          <li
            key={title}
            className={index === step ? 'is-current' : index < step ? 'is-done' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="client-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            {title}
          </li>
        ))}
      </ol>
      <form
        className="ui-card client-create__form"
        ref={form.formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step < LAST_STEP) wizard.next();
          else void wizard.publish();
        }}
      >
        <h2 tabIndex={-1} ref={headingRef} className="client-create__step-title">
          <Trans>
            Step {step + 1} of 4: {stepTitles[step]}
          </Trans>
        </h2>
        {designTitle && (
          <p className="client-note">
            <Trans>Based on the design “{designTitle}”.</Trans>
          </p>
        )}

        {step === 0 && <WhatStep form={form} />}
        {step === 1 && <WhereStep form={form} />}
        {step === 2 && (
          <DocumentsStep
            files={wizard.files}
            onChange={wizard.setFiles}
            savedDocuments={wizard.savedDocuments}
            error={wizard.documentError}
            disabled={busy}
          />
        )}
        {step === 3 && (
          <ReviewStep
            values={form.values}
            budgetMin={wizard.budgetMin}
            budgetMax={wizard.budgetMax}
            savedDocuments={wizard.savedDocuments}
            files={wizard.files}
          />
        )}

        {wizard.progress !== null && <UploadProgress fraction={wizard.progress} label={t`Publishing your project`} />}

        <div className="client-create__actions">
          {step > 0 && (
            <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={wizard.back}>
              <Trans>Back</Trans>
            </button>
          )}
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => void wizard.saveDraft()}>
            <Trans>Save as draft</Trans>
          </button>
          {step < LAST_STEP ? (
            <button type="submit" className="ui-button">
              <Trans>Next</Trans>
            </button>
          ) : (
            <button type="submit" className="ui-button ui-button--accent" disabled={busy}>
              {busy ? t`Publishing…` : t`Publish the project`}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
