import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import {
  attachmentDisposition,
  FILE_PURPOSES,
  type FilePurpose,
  fileTooLarge,
  MAX_UPLOAD_BYTES,
  openStoredFile,
  saveUpload,
} from './files.service.ts';

export const UploadedFile = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

const FilePurposeSchema = z.enum(FILE_PURPOSES);

/** Generic upload and download; domain modules link the returned id to their own records. */
export const filesRoutes =
  (deps: { db: Database; storage: FileStorage }, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart bodies are read here only (every other module links an uploaded file's id), so the
    // plugin and its two async hooks per request (temporary files' clean-up) stay in this plugin's
    // scope instead of running on every request of the API (decision 049).
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    app.post(
      '/api/files',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['files'],
          summary: `Upload one file (multipart: field "purpose" (${FILE_PURPOSES.join(', ')}), field "file"); JPEG, PNG or PDF up to 10 MB`,
          consumes: ['multipart/form-data'],
          response: { 201: UploadedFile },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        if (!request.isMultipart()) throw badRequest('Please choose a file to upload.', undefined, 'FILE_REQUIRED');
        let purpose: string | undefined;
        let upload: { data: Buffer; name: string } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || upload) {
                await part.toBuffer();
                throw badRequest('Upload one file in the field "file".', undefined, 'UNEXPECTED_FILE');
              }
              upload = { data: await part.toBuffer(), name: part.filename };
            } else if (part.fieldname === 'purpose') {
              purpose = String(part.value);
            }
          }
        } catch (error) {
          const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } = app.multipartErrors;
          if (error instanceof RequestFileTooLargeError) throw fileTooLarge();
          if (
            error instanceof FilesLimitError ||
            error instanceof PartsLimitError ||
            error instanceof FieldsLimitError
          ) {
            throw badRequest('Upload one file at a time.', undefined, 'TOO_MANY_PARTS');
          }
          throw error;
        }
        if (!upload)
          throw badRequest(
            'Please choose a file to upload.',
            [{ field: 'file', message: 'Required' }],
            'FILE_REQUIRED',
          );
        const parsedPurpose = FilePurposeSchema.safeParse(purpose);
        if (!parsedPurpose.success) {
          throw badRequest('Unknown file purpose.', [
            { field: 'purpose', message: `One of ${FILE_PURPOSES.join(', ')}` },
          ]);
        }
        const stored = await saveUpload({
          db: deps.db,
          storage: deps.storage,
          data: upload.data,
          originalName: upload.name,
          purpose: parsedPurpose.data satisfies FilePurpose,
          // Seam: uploading for someone else (a leader for their downstream) sets another owner.
          ownerUserId: actor.user.id,
          uploadedByUserId: actor.user.id,
        });
        return reply.status(201).send({
          id: stored.id,
          originalName: stored.originalName,
          contentType: stored.contentType,
          sizeBytes: stored.sizeBytes,
        });
      },
    );

    app.get(
      '/api/files/:id',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['files'],
          summary:
            'Download a stored file (its uploader, its owner, or an admin: ticket documents and import files need their flag)',
          params: z.object({ id: z.uuid() }),
        },
      },
      async (request, reply) => {
        const { file, body, fileName } = await openStoredFile({
          db: deps.db,
          storage: deps.storage,
          id: request.params.id,
          actor: actorOf(request),
        });
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.sizeBytes))
          .header('content-disposition', attachmentDisposition(fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  };
