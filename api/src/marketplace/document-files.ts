import type { ObjectStore } from '../uploads/object-store';
import { FILE_EXTENSIONS, StoredFiles } from '../uploads/stored-files';

/** Project documents are plans, quotes and photos of the site: PDF or common image formats (any FileKind). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_PER_UPLOAD = 10;

/** Project documents under `documents/` of the object store. */
export function documentFiles(store: ObjectStore): StoredFiles<string> {
  return new StoredFiles(store, 'documents', Object.values(FILE_EXTENSIONS));
}
