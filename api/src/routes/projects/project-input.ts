import type { FastifyRequest } from 'fastify';
import { ProjectSchema, type ProjectValues } from 'shared/schemas';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { API_MESSAGES as M } from 'shared/messages';
import { parseWith } from '../../accounts/validate';
import { HttpError } from '../../plugins/error-handler';
import { CATEGORIES, COUNTRIES } from '../common/reference-data';
import { CURRENCIES } from '../designs/currency';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_UPLOAD } from '../../marketplace/document-files';
import { readMultipart, type UploadRules, type UploadedFile } from '../../uploads/multipart-upload';

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
