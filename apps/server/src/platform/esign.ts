import { createHmac, randomBytes } from 'node:crypto';
import type { Settings } from '../config.ts';

// E-signature of dealer contracts (DECISIONS "Outside services": built-in signer by default,
// DocuSeal by settings; decision 034). The built-in signer needs only a key for the signing links;
// DocuSeal is reached over its REST API (submissions and documents).

export interface DocuSealSubmitter {
  email: string;
  name: string;
}

export type DocuSealStatus = 'pending' | 'completed' | 'declined' | 'expired';

export interface DocuSealSubmission {
  id: string;
  status: DocuSealStatus;
}

export interface DocuSealClient {
  /** Sends the PDF for signing to one submitter; returns DocuSeal's submission id. */
  createSubmission(input: { name: string; pdf: Uint8Array; submitter: DocuSealSubmitter }): Promise<string>;
  submission(id: string): Promise<DocuSealSubmission>;
  /** The completed (signed) documents' download addresses. */
  documents(id: string): Promise<Array<{ name: string; url: string }>>;
}

export class ESignError extends Error {}

const STATUSES: readonly DocuSealStatus[] = ['pending', 'completed', 'declined', 'expired'];

/**
 * An address the admin's browser may open: http(s) and nothing around it. DocuSeal's answer is an
 * outside service's text, so a `javascript:` or `data:` document address never reaches the page
 * (decision 063).
 */
function isWebAddress(url: string): boolean {
  if (!/^https?:\/\/[^\s\\]+$/i.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** DocuSeal's API: `X-Auth-Token`, JSON, `POST /submissions/pdf`, `GET /submissions/{id}[/documents]`. */
export function createDocuSealClient(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): DocuSealClient {
  const root = baseUrl.replace(/\/$/, '');
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        ...init,
        headers: { 'x-auth-token': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new ESignError(`DocuSeal unreachable: ${error instanceof Error ? error.message : error}`);
    }
    if (!response.ok) throw new ESignError(`DocuSeal answered ${response.status} to ${init.method ?? 'GET'} ${path}`);
    return (await response.json()) as T;
  }
  return {
    async createSubmission({ name, pdf, submitter }) {
      const body = await call<
        { id?: number | string; submission_id?: number | string } | Array<{ submission_id?: number }>
      >('/submissions/pdf', {
        method: 'POST',
        body: JSON.stringify({
          name,
          send_email: true,
          documents: [{ name, file: Buffer.from(pdf).toString('base64') }],
          submitters: [{ role: 'Dealer', email: submitter.email, name: submitter.name }],
        }),
      });
      const id = Array.isArray(body) ? body[0]?.submission_id : (body.id ?? body.submission_id);
      if (id === undefined || id === null) throw new ESignError('DocuSeal gave no submission id');
      return String(id);
    },
    async submission(id) {
      const body = await call<{ id: number | string; status?: string }>(`/submissions/${encodeURIComponent(id)}`);
      const status = STATUSES.includes(body.status as DocuSealStatus) ? (body.status as DocuSealStatus) : 'pending';
      return { id: String(body.id), status };
    },
    async documents(id) {
      const body = await call<{ documents?: Array<{ name: string; url: string }> }>(
        `/submissions/${encodeURIComponent(id)}/documents`,
      );
      return (body.documents ?? []).filter((d) => typeof d.url === 'string' && isWebAddress(d.url));
    },
  };
}

export interface ESign {
  readonly provider: 'builtin' | 'docuseal';
  /** Present when the provider is DocuSeal. */
  readonly docuseal?: DocuSealClient;
  /** A new signing-link token (32 random bytes) and the keyed hash that alone is stored. */
  newToken(): { token: string; hash: string };
  hashToken(token: string): string;
  reminderDays: readonly number[];
  expiryDays: number;
}

export function createESign(settings: Settings, secret: string, fetchImpl: typeof fetch = fetch): ESign {
  // A key of its own, derived from the auth secret: a leaked link hash cannot be turned into a
  // session or anything else signed with the secret.
  const key = createHmac('sha256', secret).update('dealer-contract-signing-links').digest();
  const hashToken = (token: string) => createHmac('sha256', key).update(token).digest('hex');
  const docuseal =
    settings.ESIGN_PROVIDER === 'docuseal'
      ? createDocuSealClient(settings.DOCUSEAL_URL!, settings.DOCUSEAL_API_KEY!, fetchImpl)
      : undefined;
  return {
    provider: settings.ESIGN_PROVIDER,
    ...(docuseal ? { docuseal } : {}),
    newToken() {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: hashToken(token) };
    },
    hashToken,
    reminderDays: settings.contractReminderDays,
    expiryDays: settings.CONTRACT_EXPIRY_DAYS,
  };
}
