import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { MessageDescriptor } from '@lingui/core';
import { HttpError } from '../plugins/error-handler';
import { refuseHostileInput } from '../plugins/input-guard';
import { displayFileName, sniffFile, type FileKind } from './stored-files';

export interface UploadedFile {
  /** The form field the file came in. */
  field: string;
  fileName: string;
  kind: FileKind;
  data: Buffer;
}

/** What an upload accepts, and how each refusal reads (under the `field` it concerns). */
export interface UploadRules {
  maxBytes: number;
  kinds: readonly FileKind[];
  field: string;
  tooLarge: MessageDescriptor;
  wrongType: MessageDescriptor;
  tooMany: MessageDescriptor;
}

/** Fields plus files of a multipart request, every file checked by its content, never by its name or claimed type. */
export async function readMultipart(request: FastifyRequest, rules: UploadRules): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const refuse = (status: number, message: MessageDescriptor) => new HttpError(status, request.t(message), { [rules.field]: [request.t(message)] });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const readFile = async (part: MultipartFile): Promise<UploadedFile> => {
    const data = await part.toBuffer();
    if (data.length > rules.maxBytes) throw refuse(413, rules.tooLarge);
    const kind = sniffFile(data);
    if (!kind || !rules.kinds.includes(kind)) throw refuse(422, rules.wrongType);
    return { field: part.fieldname, fileName: displayFileName(part.filename, kind), kind, data };
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // Form fields are read here, after the request-wide check: they get the same refusal.
        refuseHostileInput(request, { [part.fieldname]: part.value });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      files.push(await readFile(part));
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(413, rules.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw refuse(422, rules.tooMany);
    throw error;
  }
  return { fields, files };
}
