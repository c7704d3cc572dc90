import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POPIA_TERMS, RICA_TERMS, type TermsDocument, termsPdf } from './terms.ts';

const DOCUMENTS: Record<string, { file: string; terms: TermsDocument }> = {
  '/api/documents/rica-terms.pdf': { file: 'rica-terms.pdf', terms: RICA_TERMS },
  '/api/documents/popia-terms.pdf': { file: 'popia-terms.pdf', terms: POPIA_TERMS },
};

/** The RICA and POPIA terms the Edit Profile dialog links to; public (they hold nothing personal). */
export const documentsRoutes = (): FastifyPluginAsyncZod => async (app) => {
  for (const [url, { file, terms }] of Object.entries(DOCUMENTS)) {
    app.get(
      url,
      { schema: { tags: ['documents'], summary: `${terms.title} (PDF, shown inline)` } },
      async (_request, reply) => {
        const pdf = await termsPdf(terms);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${file}"`)
          .header('cache-control', 'public, max-age=86400')
          .send(Buffer.from(pdf));
      },
    );
  }
};
