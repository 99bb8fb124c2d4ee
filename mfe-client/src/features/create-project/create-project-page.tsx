import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { useForm } from 'shared/forms';
import { localizationAtom } from 'shared/reference';
import { canOpenRoute } from 'shared/permissions';
import { pathFor } from 'shared/routing';
import { clientUserAtom } from 'shared/session';
import { projectFormSchema, type ProjectValues } from 'shared/schemas';
import { moneyInputText, parseMoney } from 'shared/money';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { listDesigns } from '../catalog/api/list-designs';
import { Field } from 'shared/forms';
import { useFormatters, useReferenceNames, useViewerCountry, useViewerCurrency } from '../common/reference';
import { createProject } from '../projects/api/create-project';
import { getProject } from '../projects/api/get-project';
import type { ProjectDetail, ProjectDocument } from 'shared/contract';
import { createDraft, publishDraft, updateDraft } from '../projects/api/save-draft';
import { uploadDocuments } from '../projects/api/upload-documents';
import { EmptyState } from '../common/states';
import { DocumentPicker, UploadProgress } from './document-picker';
import { CategoryOptions } from '../common/category-options';

const STEPS = [
  ['title', 'category', 'description'],
  ['country', 'city', 'desired_start', 'budget_min', 'budget_max', 'currency'],
  [],
  [],
] as const;

type FieldName = 'title' | 'category' | 'description' | 'country' | 'city' | 'desired_start' | 'budget_min' | 'budget_max' | 'currency' | 'design_id';
type Values = Record<FieldName, string>;

function stepOf(field: string): number {
  const index = STEPS.findIndex((names) => (names as readonly string[]).includes(field));
  return index === -1 ? 2 : index;
}

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
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  const localization = useAtomValue(localizationAtom);
  // The client's own country and its currency first; the connection's guess only without them.
  const viewerCountry = useViewerCountry();
  const viewerCurrency = useViewerCurrency();
  const names = useReferenceNames();
  const format = useFormatters();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [designTitle, setDesignTitle] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Budgets are typed in the currency's units and the user's language; the form's schema reads them as minor units.
  const schemaFor = (values: Values) => projectFormSchema(values.currency || 'EUR', i18n.locale);
  const form = useForm<Values, ProjectValues>({
    initialValues: {
      title: '',
      category: '',
      description: '',
      country: viewerCountry ?? '',
      city: '',
      desired_start: '',
      budget_min: '',
      budget_max: '',
      currency: viewerCountry ? viewerCurrency : (localization?.currency ?? ''),
      design_id: '',
    },
    // How a budget reads depends on the currency chosen in the same form: the rules are built for each check.
    schema: v.pipe(
      v.custom<Values>(() => true),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const result = v.safeParse(schemaFor(dataset.value), dataset.value);
        if (result.success) return result.output;
        for (const issue of result.issues) addIssue({ message: issue.message, path: issue.path });
        return NEVER;
      }),
    ),
  });

  // The localization answer may arrive after the form opened: fill what is still blank.
  useEffect(() => {
    if (!localization) return;
    if (!form.values.country) form.setValue('country', viewerCountry ?? localization.country);
    if (!form.values.currency) form.setValue('currency', viewerCountry ? viewerCurrency : localization.currency);
    // Only a newly arrived answer matters here, not each keystroke in the form.
  }, [localization]);

  const designId = params.get('design');
  useEffect(() => {
    if (!designId) return;
    let current = true;
    listDesigns({ locale: i18n.locale, currency: localization?.currency ?? 'EUR' }).then(
      (list) => {
        const design = list.data.find((item) => item.id === designId);
        if (!current || !design) return;
        form.setValue('design_id', design.id);
        setDesignTitle(design.title);
        if (!form.values.title) form.setValue('title', design.title);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Once per design: a title the user has since typed is theirs.
  }, [designId]);

  useEffect(() => headingRef.current?.focus(), [step]);

  // A draft opened again: its fields back in the form, its documents listed. The draft this form
  // has just saved itself is not read back over what is being typed.
  const [savedDocuments, setSavedDocuments] = useState<ProjectDocument[]>([]);
  const ownDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!draftId || ownDraft.current === draftId) return;
    let current = true;
    getProject(draftId).then(
      (draft) => {
        if (!current) return;
        ownDraft.current = draft.id;
        fillFrom(draft);
      },
      (error: unknown) => notify.error(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG)),
    );
    return () => {
      current = false;
    };
  }, [draftId]);

  const fillFrom = (draft: ProjectDetail) => {
    const currency = draft.budget.currency || form.values.currency;
    // Shown the way the parser reads it back in the user's language.
    const amount = (minor: number | null) => moneyInputText(minor, currency || 'EUR', i18n.locale);
    const values: Partial<Values> = {
      title: draft.title,
      category: draft.category,
      description: draft.description,
      country: draft.location.country || form.values.country,
      city: draft.location.city,
      desired_start: draft.desired_start ?? '',
      budget_min: amount(draft.budget.min),
      budget_max: amount(draft.budget.max),
      currency,
      design_id: draft.design_id ?? '',
    };
    for (const [name, value] of Object.entries(values)) form.setValue(name as FieldName, value ?? '');
    setSavedDocuments(draft.documents);
  };

  /** The fields as typed so far; budgets in minor units when they read as amounts, else as typed (the server says what is wrong). */
  const draftFields = () => ({ ...form.values, budget_min: budget(form.values.budget_min) ?? form.values.budget_min, budget_max: budget(form.values.budget_max) ?? form.values.budget_max });

  /** Server field errors back on their step; document errors on the documents step. */
  const showServerErrors = (error: unknown): boolean => {
    if (isApiError(error) && (error.status === 422 || error.status === 413) && Object.keys(error.errors).length > 0) {
      const { documents, ...fields } = error.errors;
      if (documents) setDocumentError(documents[0] ?? null);
      const firstField = Object.keys(fields)[0];
      if (firstField) {
        setStep(stepOf(firstField));
        requestAnimationFrame(() => form.setServerErrors(fields));
      } else setStep(2);
      return true;
    }
    return false;
  };

  /** Documents picked since the last save join the draft's own. */
  const uploadPicked = async (id: string) => {
    if (files.length === 0) return;
    setSavedDocuments(await uploadDocuments(id, files, setProgress));
    setFiles([]);
  };

  const saveDraft = async () => {
    // A draft needs only its title, to be found again.
    if (!form.validateFields(['title'])) {
      setStep(0);
      return;
    }
    setDocumentError(null);
    setProgress(0);
    try {
      if (draftId) {
        await updateDraft(draftId, draftFields());
        await uploadPicked(draftId);
      } else {
        const created = await createDraft(draftFields(), files, setProgress);
        ownDraft.current = created.id;
        setSavedDocuments(created.documents);
        setFiles([]);
        setParams({ draft: created.id }, { replace: true });
      }
      notify.success(t`Draft saved. Only you can see it; publish it when it is ready.`);
    } catch (error) {
      if (!showServerErrors(error)) {
        notify.error(isApiError(error) && error.status < 500 && error.status > 0 ? error.message : i18n._(SOMETHING_WENT_WRONG));
      }
    } finally {
      setProgress(null);
    }
  };

  const next = () => {
    if (form.validateFields([...STEPS[step]!] as FieldName[])) setStep(step + 1);
  };

  const publish = async () => {
    const result = v.safeParse(schemaFor(form.values), form.values);
    if (!result.success) {
      const first = result.issues[0] ? String(v.getDotPath(result.issues[0]) ?? '') : '';
      const target = stepOf(first);
      setStep(target);
      requestAnimationFrame(() => form.validateFields([...STEPS[target]!] as FieldName[]));
      return;
    }
    setDocumentError(null);
    setProgress(0);
    try {
      let id: string;
      if (draftId) {
        // A draft is saved with its last changes, then published as a whole.
        await updateDraft(draftId, result.output);
        await uploadPicked(draftId);
        id = (await publishDraft(draftId)).id;
      } else {
        id = (await createProject(result.output, files, setProgress)).id;
      }
      notify.success(t`Your project is published. Matching specialists are being told.`);
      navigate(pathFor('main.project', { id }));
    } catch (error) {
      setProgress(null);
      if (showServerErrors(error)) return;
      notify.error(isApiError(error) && error.status < 500 && error.status > 0 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    }
  };

  const country = names.book?.countries.find((item) => item.code === form.values.country);
  const stepTitles = [t`What`, t`Where and when`, t`Documents`, t`Review and publish`];
  const budget = (text: string) => {
    const reading = parseMoney(text, form.values.currency || 'EUR', i18n.locale);
    return reading.ok ? reading.minor : null;
  };
  const budgetMin = budget(form.values.budget_min);
  const budgetMax = budget(form.values.budget_max);
  const busy = progress !== null;

  return (
    <section className="ui-page ui-container client-page client-create">
      <header className="client-page__header">
        <h1>
          <Trans>Post a project</Trans>
        </h1>
      </header>
      <ol className="client-steps" aria-label={t`Steps`}>
        {stepTitles.map((title, index) => (
          <li key={title} className={index === step ? 'is-current' : index < step ? 'is-done' : undefined} aria-current={index === step ? 'step' : undefined}>
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
          if (step < 3) next();
          else void publish();
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

        {step === 0 && (
          <>
            <Field label={t`Title`} errors={form.field('title').errors} hint={t`For example: Kitchen renovation in Bonapriso`}>
              {(control) => (
                <input {...control} className="ui-field__input" value={form.values.title} aria-required onChange={(e) => form.setValue('title', e.target.value)} onBlur={form.field('title').onBlur} />
              )}
            </Field>
            <Field label={t`Category`} errors={form.field('category').errors}>
              {(control) => (
                <select {...control} className="ui-field__input" value={form.values.category} aria-required onChange={(e) => form.setValue('category', e.target.value)} onBlur={form.field('category').onBlur}>
                  <option value="">{t`Choose a category`}</option>
                  <CategoryOptions />
                </select>
              )}
            </Field>
            <Field label={t`Description`} errors={form.field('description').errors} hint={t`What needs doing, the rooms and surfaces, what you already have. At least 20 characters.`}>
              {(control) => (
                <textarea {...control} className="ui-field__input client-textarea" rows={6} value={form.values.description} aria-required onChange={(e) => form.setValue('description', e.target.value)} onBlur={form.field('description').onBlur} />
              )}
            </Field>
          </>
        )}

        {step === 1 && (
          <>
            <div className="client-row">
              <Field label={t`Country`} errors={form.field('country').errors}>
                {(control) => (
                  <select {...control} className="ui-field__input" value={form.values.country} aria-required onChange={(e) => {
                    form.setValue('country', e.target.value);
                    const currency = names.book?.countries.find((item) => item.code === e.target.value)?.currency;
                    if (currency) form.setValue('currency', currency);
                  }} onBlur={form.field('country').onBlur}>
                    <option value="">{t`Choose a country`}</option>
                    {names.book?.countries.map((item) => (
                      <option key={item.code} value={item.code}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t`City`} errors={form.field('city').errors}>
                {(control) => (
                  <>
                    <input {...control} className="ui-field__input" list="client-create-cities" value={form.values.city} aria-required autoComplete="address-level2" onChange={(e) => form.setValue('city', e.target.value)} onBlur={form.field('city').onBlur} />
                    <datalist id="client-create-cities">
                      {country?.cities.map((city) => <option key={city} value={city} />)}
                    </datalist>
                  </>
                )}
              </Field>
            </div>
            <Field label={t`Desired start`} errors={form.field('desired_start').errors} hint={t`Optional`}>
              {(control) => (
                <input {...control} type="date" className="ui-field__input" value={form.values.desired_start} onChange={(e) => form.setValue('desired_start', e.target.value)} onBlur={form.field('desired_start').onBlur} />
              )}
            </Field>
            <fieldset className="client-fieldset">
              <legend>{t`Budget range (optional)`}</legend>
              <div className="client-row client-row--three">
                <Field label={t`From`} errors={form.field('budget_min').errors}>
                  {(control) => (
                    <input {...control} inputMode="decimal" className="ui-field__input" value={form.values.budget_min} onChange={(e) => form.setValue('budget_min', e.target.value)} onBlur={form.field('budget_min').onBlur} />
                  )}
                </Field>
                <Field label={t`To`} errors={form.field('budget_max').errors}>
                  {(control) => (
                    <input {...control} inputMode="decimal" className="ui-field__input" value={form.values.budget_max} onChange={(e) => form.setValue('budget_max', e.target.value)} onBlur={form.field('budget_max').onBlur} />
                  )}
                </Field>
                <Field label={t`Currency`} errors={form.field('currency').errors}>
                  {(control) => (
                    <select {...control} className="ui-field__input" value={form.values.currency} aria-required onChange={(e) => form.setValue('currency', e.target.value)} onBlur={form.field('currency').onBlur}>
                      <option value="">{t`Choose a currency`}</option>
                      {names.book?.currencies.map((item) => (
                        <option key={item.code} value={item.code}>
                          {item.code} — {item.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            </fieldset>
          </>
        )}

        {step === 2 && (
          <>
            <p>
              <Trans>Plans, photos of the current state or an architect's drawings help specialists quote accurately. You can also add them later.</Trans>
            </p>
            {savedDocuments.length > 0 && (
              <div className="client-note">
                <p>
                  <Trans>Already saved with the draft:</Trans>
                </p>
                <ul>
                  {savedDocuments.map((document) => (
                    <li key={document.id}>{document.file_name}</li>
                  ))}
                </ul>
              </div>
            )}
            <DocumentPicker files={files} onChange={setFiles} error={documentError} disabled={busy} />
          </>
        )}

        {step === 3 && (
          <dl className="client-review">
            <div>
              <dt>{t`Title`}</dt>
              <dd>{form.values.title}</dd>
            </div>
            <div>
              <dt>{t`Category`}</dt>
              <dd>{names.category(form.values.category)}</dd>
            </div>
            <div>
              <dt>{t`Description`}</dt>
              <dd className="client-pre">{form.values.description}</dd>
            </div>
            <div>
              <dt>{t`Location`}</dt>
              <dd>
                {form.values.city}, {names.country(form.values.country)}
              </dd>
            </div>
            <div>
              <dt>{t`Desired start`}</dt>
              <dd>{form.values.desired_start ? format.date(form.values.desired_start) : t`Not said`}</dd>
            </div>
            <div>
              <dt>{t`Budget`}</dt>
              <dd>{format.range(budgetMin, budgetMax, form.values.currency || 'EUR') ?? t`Not said`}</dd>
            </div>
            <div>
              <dt>{t`Documents`}</dt>
              <dd>
                {savedDocuments.length + files.length === 0
                  ? t`None`
                  : [...savedDocuments.map((document) => document.file_name), ...files.map((file) => file.name)].join(', ')}
              </dd>
            </div>
          </dl>
        )}

        {busy && <UploadProgress fraction={progress} label={t`Publishing your project`} />}

        <div className="client-create__actions">
          {step > 0 && (
            <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => setStep(step - 1)}>
              <Trans>Back</Trans>
            </button>
          )}
          <button type="button" className="ui-button ui-button--ghost" disabled={busy} onClick={() => void saveDraft()}>
            <Trans>Save as draft</Trans>
          </button>
          {step < 3 ? (
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
