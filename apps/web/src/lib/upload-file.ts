import { ProblemDetails } from '@portal/domain/platform/problem';

/** What an upload is for: the server's `purpose` field (spec 1 §7 "File storage"). */
export type UploadPurpose =
  | 'id_photo'
  | 'person_photo'
  | 'dash'
  | 'supplier_banner'
  | 'fibre_activity'
  | 'sadv_agents'
  | 'commission_import'
  | 'ticket_document'
  | 'training_file';

/** Spec 1 §8 upload messages. */
export const UPLOAD_MESSAGES = {
  generic: 'Error during file upload.',
  canceled: 'The upload was canceled.',
  permission: 'You do not have permission to upload this file.',
  noAddress: 'Failed to retrieve file URL.',
} as const;

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/**
 * Uploads one file to POST /api/files with XMLHttpRequest, which (unlike fetch) reports upload
 * progress; `onProgress` gets whole percents. Resolves to the file's address `/api/files/{id}`.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json, application/problem+json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        const id = (body as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string') {
          onProgress(100);
          resolve(`/api/files/${id}`);
        } else {
          reject(new UploadError(UPLOAD_MESSAGES.noAddress));
        }
        return;
      }
      const problem = ProblemDetails.safeParse(body);
      if (problem.success && problem.data.detail) reject(new UploadError(problem.data.detail));
      else if (request.status === 401 || request.status === 403) reject(new UploadError(UPLOAD_MESSAGES.permission));
      else reject(new UploadError(UPLOAD_MESSAGES.generic));
    };
    request.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.generic));
    request.onabort = () => reject(new UploadError(UPLOAD_MESSAGES.canceled));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Jpeg, PNG and PDF: what POST /api/files takes for a ticket's documents. */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,application/pdf';

/** A file uploaded for a ticket: its id (to attach) and its name (to list). */
export interface UploadedDocument {
  id: string;
  name: string;
}

/**
 * Uploads a ticket's documents one after another (purpose ticket_document); any failure stops
 * with its message. Shared by the dealer's ticket screens and the helpdesk console.
 */
export async function uploadTicketDocuments(files: readonly File[]): Promise<UploadedDocument[]> {
  const uploaded: UploadedDocument[] = [];
  for (const file of files) {
    const url = await uploadFile(file, 'ticket_document', () => undefined);
    const id = url.split('/').pop();
    if (!id) throw new UploadError('Error Uploading file');
    uploaded.push({ id, name: file.name });
  }
  return uploaded;
}
