import * as v from 'valibot';
import { uploadForm } from 'shared/api';
import { DocumentSchema, type ProjectDocument } from './project-types';

/** `POST /projects/:id/documents`: answers with the project's full document list. */
export async function uploadDocuments(projectId: string, files: File[], onProgress: (fraction: number) => void): Promise<ProjectDocument[]> {
  const body = new FormData();
  for (const file of files) body.append('documents', file, file.name);
  const answer = await uploadForm<unknown>({ path: `projects/${encodeURIComponent(projectId)}/documents`, body, onProgress });
  return v.parse(v.object({ data: v.array(DocumentSchema) }), answer).data;
}
