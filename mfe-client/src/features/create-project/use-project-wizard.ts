import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from 'shared/api';
import { useForm, type FormApi } from 'shared/forms';
import { localizationAtom } from 'shared/reference';
import { queryKeys } from 'shared/query';
import { pathFor } from 'shared/routing';
import { projectFormSchema, type ProjectValues } from 'shared/schemas';
import { moneyInputText, parseMoney } from 'shared/money';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { listDesigns } from '../common/api/list-designs';
import { useViewerCountry, useViewerCurrency } from '../common/reference';
import { createProject } from './api/create-project';
import { getProject } from '../common/api/get-project';
import type { ProjectDetail, ProjectDocument } from 'shared/contract';
import { createDraft, publishDraft, updateDraft } from './api/save-draft';
import { uploadDocuments } from '../common/api/upload-documents';

/** The fields each step shows, in order; the documents and review steps have none of the form's. */
const STEPS = [['title', 'category', 'description'], ['country', 'city', 'desired_start', 'budget_min', 'budget_max', 'currency'], [], []] as const;

export const LAST_STEP = STEPS.length - 1;

type FieldName = 'title' | 'category' | 'description' | 'country' | 'city' | 'desired_start' | 'budget_min' | 'budget_max' | 'currency' | 'design_id';
export type ProjectFields = Record<FieldName, string>;
export type ProjectForm = FormApi<ProjectFields, ProjectValues>;

function stepOf(field: string): number {
  const index = STEPS.findIndex((names) => (names as readonly string[]).includes(field));
  return index === -1 ? 2 : index;
}

/**
 * The state of the project wizard: the form, the step, the documents picked
 * and saved, and the three ways out (next step, save as draft, publish).
 */
export function useProjectWizard() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  const localization = useAtomValue(localizationAtom);
  // The client's own country and its currency first; the connection's guess only without them.
  const viewerCountry = useViewerCountry();
  const viewerCurrency = useViewerCurrency();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [designTitle, setDesignTitle] = useState<string | null>(null);

  // Budgets are typed in the currency's units and the user's language; the form's schema reads them as minor units.
  const schemaFor = (values: ProjectFields) => projectFormSchema(values.currency || 'EUR', i18n.locale);
  const form = useForm<ProjectFields, ProjectValues>({
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
      v.custom<ProjectFields>(() => true),
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly arrived answer matters here, not each keystroke in the form.
  }, [localization]);

  const designId = params.get('design');
  const designQuery = { locale: i18n.locale, currency: localization?.currency ?? 'EUR' };
  const designs = useQuery({
    queryKey: queryKeys.designs.list(designQuery),
    queryFn: ({ signal }) => listDesigns(designQuery, signal),
    enabled: Boolean(designId),
  });
  const design = designId ? designs.data?.data.find((item) => item.id === designId) : undefined;
  useEffect(() => {
    if (!design) return;
    form.setValue('design_id', design.id);
    setDesignTitle(design.title);
    if (!form.values.title) form.setValue('title', design.title);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per design: a title the user has since typed is theirs.
  }, [design?.id]);

  // A draft opened again: its fields back in the form, its documents listed. The draft this form
  // has just saved itself is not read back over what is being typed.
  const [savedDocuments, setSavedDocuments] = useState<ProjectDocument[]>([]);
  const ownDraft = useRef<string | null>(null);
  const draft = useQuery({
    queryKey: queryKeys.projects.detail(draftId ?? ''),
    queryFn: ({ signal }) => getProject(draftId ?? '', signal),
    enabled: Boolean(draftId) && ownDraft.current !== draftId,
    // What another page cached may be older than the draft: the form fills from a fresh answer only.
    refetchOnMount: 'always',
  });
  useEffect(() => {
    if (!draft.data || !draft.isFetchedAfterMount || ownDraft.current === draft.data.id) return;
    ownDraft.current = draft.data.id;
    fillFrom(draft.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fills once per fresh answer, with the form as it is then.
  }, [draft.data, draft.isFetchedAfterMount]);
  useEffect(() => {
    const error = draft.error;
    if (error) notify.error(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one notice per error, not another when the language changes.
  }, [draft.error]);

  const fillFrom = (draft: ProjectDetail) => {
    const currency = draft.budget.currency || form.values.currency;
    // Shown the way the parser reads it back in the user's language.
    const amount = (minor: number | null) => moneyInputText(minor, currency || 'EUR', i18n.locale);
    form.setValues({
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
    });
    setSavedDocuments(draft.documents);
  };

  const budget = (text: string) => {
    const reading = parseMoney(text, form.values.currency || 'EUR', i18n.locale);
    return reading.ok ? reading.minor : null;
  };

  /** The fields as typed so far; budgets in minor units when they read as amounts, else as typed (the server says what is wrong). */
  const draftFields = () => ({
    ...form.values,
    budget_min: budget(form.values.budget_min) ?? form.values.budget_min,
    budget_max: budget(form.values.budget_max) ?? form.values.budget_max,
  });

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

  /**
   * The project page shows what was just saved at once, and asks again when it
   * opens (documents may have been added since); every list asks again too, since
   * a draft moves between the status filters.
   */
  const remember = (project: ProjectDetail) => {
    queryClient.setQueryData(queryKeys.projects.detail(project.id), project);
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects.detail(project.id), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists });
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
        const saved = await updateDraft(draftId, draftFields());
        await uploadPicked(draftId);
        remember(saved);
      } else {
        const created = await createDraft(draftFields(), files, setProgress);
        remember(created);
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
    if (form.validateFields([...STEPS[step]!])) setStep(step + 1);
  };

  const publish = async () => {
    const result = v.safeParse(schemaFor(form.values), form.values);
    if (!result.success) {
      const first = result.issues[0] ? String(v.getDotPath(result.issues[0]) ?? '') : '';
      const target = stepOf(first);
      setStep(target);
      requestAnimationFrame(() => form.validateFields([...STEPS[target]!]));
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
        const published = await publishDraft(draftId);
        remember(published);
        id = published.id;
      } else {
        id = (await createProject(result.output, files, setProgress)).id;
        void queryClient.invalidateQueries({ queryKey: queryKeys.projects.lists });
      }
      notify.success(t`Your project is published. Matching specialists are being told.`);
      navigate(pathFor('main.project', { id }));
    } catch (error) {
      setProgress(null);
      if (showServerErrors(error)) return;
      notify.error(isApiError(error) && error.status < 500 && error.status > 0 ? error.message : i18n._(SOMETHING_WENT_WRONG));
    }
  };

  return {
    form,
    step,
    back: () => setStep(step - 1),
    next,
    saveDraft,
    publish,
    files,
    setFiles,
    savedDocuments,
    documentError,
    progress,
    busy: progress !== null,
    designTitle,
    budgetMin: budget(form.values.budget_min),
    budgetMax: budget(form.values.budget_max),
  };
}
