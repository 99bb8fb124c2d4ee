import { FILE_EXTENSIONS, StoredFiles } from '../uploads/stored-files';

/** Project documents are plans, quotes and photos of the site: PDF or common image formats (any FileKind). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_PER_UPLOAD = 10;

/** Project documents in `<uploadsDir>/documents`. */
export function documentFiles(uploadsDir: string): StoredFiles<string> {
  return new StoredFiles(uploadsDir, 'documents', Object.values(FILE_EXTENSIONS));
}
