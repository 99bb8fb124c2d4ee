import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ProjectSchema, type ProjectValues } from 'shared/schemas';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { API_MESSAGES as M } from 'shared/messages';
import { parseWith } from '../../accounts/validate';
import { HttpError } from '../../plugins/error-handler';
import { CATEGORIES, COUNTRIES } from '../common/reference-data';
import { CURRENCIES } from '../designs/currency';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_UPLOAD } from '../../marketplace/document-files';
import { displayFileName, sniffFile, type FileKind } from '../../uploads/stored-files';

export interface UploadedDocument {
  fileName: string;
  kind: FileKind;
  data: Buffer;
}

/** Fields plus files of a multipart request, with every file checked by content. */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedDocument[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedDocument[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      files.push(await readDocument(request, part));
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, request.t(MM.documentTooLarge), { documents: [request.t(MM.documentTooLarge)] });
    if (code === 'FST_FILES_LIMIT') throw new HttpError(422, request.t(MM.tooManyDocuments), { documents: [request.t(MM.tooManyDocuments)] });
    throw error;
  }
  return { fields, files };
}

async function readDocument(request: FastifyRequest, part: MultipartFile): Promise<UploadedDocument> {
  const data = await part.toBuffer();
  if (data.length > DOCUMENT_MAX_BYTES) throw new HttpError(413, request.t(MM.documentTooLarge), { documents: [request.t(MM.documentTooLarge)] });
  const kind = sniffFile(data);
  if (!kind) throw new HttpError(422, request.t(MM.documentType), { documents: [request.t(MM.documentType)] });
  return { fileName: displayFileName(part.filename, kind), kind, data };
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
