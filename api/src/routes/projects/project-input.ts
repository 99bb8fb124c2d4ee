import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { PROJECT_TITLE_MIN, ProjectEntries, ProjectSchema, fieldErrors, type ProjectValues } from 'shared/schemas';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { API_MESSAGES as M } from 'shared/messages';
import { parseWith } from '../../accounts/validate';
import { HttpError } from '../../plugins/error-handler';
import { CATEGORIES, COUNTRIES } from '../common/reference-data';
import { CURRENCIES } from '../designs/currency';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_UPLOAD } from '../../marketplace/document-files';
import { readMultipart, type UploadRules, type UploadedFile } from '../../uploads/multipart-upload';
import type { ProjectRow } from '../../marketplace/project-access';

export type UploadedDocument = UploadedFile;

const DOCUMENT_RULES: UploadRules = {
  maxBytes: DOCUMENT_MAX_BYTES,
  kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp'],
  field: 'documents',
  tooLarge: MM.documentTooLarge,
  wrongType: MM.documentType,
  tooMany: MM.tooManyDocuments,
};

/** Project fields plus documents of a multipart request. */
export function readProjectMultipart(request: FastifyRequest) {
  return readMultipart(request, DOCUMENT_RULES);
}

export const MULTIPART_LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: DOCUMENTS_PER_UPLOAD, fields: 20, parts: 30 };

/** Validates project fields with the shared schema, then against the reference book. */
export function parseProject(input: unknown, request: FastifyRequest): ProjectValues {
  const project = parseWith(ProjectSchema, input, request);
  const errors: Record<string, string[]> = {};
  if (!CATEGORIES.some((category) => category.code === project.category)) errors.category = [request.t(MM.unknownCategory)];
  if (!COUNTRIES.some((country) => country.code === project.country)) errors.country = [request.t(MM.unknownCountry)];
  if (!Object.hasOwn(CURRENCIES, project.currency)) errors.currency = [request.t(MM.unknownCurrency)];
  if (Object.keys(errors).length > 0) throw new HttpError(422, request.t(M.invalidFields), errors);
  return project;
}

const DRAFT_BLANKS: ProjectValues = {
  title: '',
  description: '',
  category: '',
  country: '',
  city: '',
  currency: '',
  budget_min: null,
  budget_max: null,
  desired_start: null,
  design_id: null,
};

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A draft may stop at any step of the form: it needs a title (to be found
 * again), and whatever else it has must already be right. Publishing checks
 * the whole project with `parseProject`.
 */
export function parseDraft(input: unknown, request: FastifyRequest): ProjectValues {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const given = (Object.keys(DRAFT_BLANKS) as (keyof ProjectValues)[]).filter((key) => key === 'title' || !isBlank(fields[key]));
  const parsed = v.safeParse(v.pick(v.object(ProjectEntries), given as ['title', ...(keyof ProjectValues)[]]), fields);
  // Every field's problem at once, those of the schema and those of the reference book.
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.issues, (descriptor) => request.t(descriptor));
  const values = { ...DRAFT_BLANKS, ...(parsed.success ? parsed.output : {}) } as ProjectValues;
  if (!parsed.success) {
    for (const key of ['category', 'country', 'currency'] as const) if (typeof fields[key] === 'string') values[key] = (fields[key] as string).trim();
  }
  if (values.category && !CATEGORIES.some((category) => category.code === values.category)) errors.category = [request.t(MM.unknownCategory)];
  if (values.country && !COUNTRIES.some((country) => country.code === values.country)) errors.country = [request.t(MM.unknownCountry)];
  if (values.currency && !Object.hasOwn(CURRENCIES, values.currency)) errors.currency = [request.t(MM.unknownCurrency)];
  if (values.budget_min !== null && values.budget_max !== null && values.budget_min > values.budget_max) {
    // The full schema's own message for a reversed range.
    const full = v.safeParse(ProjectSchema, { ...fields, title: 'x'.repeat(PROJECT_TITLE_MIN) });
    const issues = (full.issues ?? []).filter((item) => v.getDotPath(item) === 'budget_max');
    errors.budget_max = fieldErrors(issues, (descriptor) => request.t(descriptor)).budget_max ?? [request.t(M.invalidFields)];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, request.t(M.invalidFields), errors);
  return values;
}

/** The stored fields of a project, as the form would send them, to check a draft before it is published. */
export function storedFields(project: ProjectRow): Record<string, unknown> {
  const day = (value: ProjectRow['desired_start']) =>
    value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  return {
    title: project.title,
    description: project.description,
    category: project.category,
    country: project.country,
    city: project.city,
    currency: project.currency,
    budget_min: project.budget_min === null ? null : Number(project.budget_min),
    budget_max: project.budget_max === null ? null : Number(project.budget_max),
    desired_start: day(project.desired_start),
    design_id: project.design_id,
  };
}
