import * as v from 'valibot';
import { uploadForm } from 'shared/api';
import { ProjectDocumentListSchema, type ProjectDocument } from 'shared/contract';

/** `POST /projects/:id/documents`: answers with the project's full document list. */
export async function uploadDocuments(projectId: string, files: File[], onProgress: (fraction: number) => void): Promise<ProjectDocument[]> {
  const body = new FormData();
  for (const file of files) body.append('documents', file, file.name);
  const answer = await uploadForm<unknown>({ path: `projects/${encodeURIComponent(projectId)}/documents`, body, onProgress });
  return v.parse(ProjectDocumentListSchema, answer).data;
}
