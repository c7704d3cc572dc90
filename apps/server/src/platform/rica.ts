import type { Settings } from '../config.ts';

export interface RicaSubmission {
  id: number;
  network: string;
  simNumber: string;
  idType: 'RSAID' | 'PASSPORT';
  idNationality: string;
  idNumber: string;
  name: string;
  surname: string;
  address: string[];
  city: string;
  suburb: string;
  postalCode: string;
  country: string;
}

export interface RicaOutcome {
  status: 'submitted' | 'succeeded' | 'failed';
  resultText: string;
}

/** The network operator's SIM registration (RICA) behind one small interface. */
export interface RicaAdapter {
  readonly name: string;
  register(submission: RicaSubmission): Promise<RicaOutcome>;
}

/** Local default: the registration is recorded as submitted for the operator to collect; nothing leaves the server. */
export const localRicaAdapter: RicaAdapter = {
  name: 'local',
  async register(submission) {
    return {
      status: 'submitted',
      resultText: `RICA registration for SIM ending ${submission.simNumber.slice(-4)} on ${submission.network} recorded as submitted (reference RICA-${String(submission.id).padStart(6, '0')}).`,
    };
  },
};

/**
 * An operator RICA API reached over HTTP by settings: POST JSON with a bearer token; the answer's
 * `result` text and `success` flag become the outcome. A refused or unreachable API is a failed
 * registration with the reason, never a thrown error the page cannot show.
 */
export function createHttpRicaAdapter(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): RicaAdapter {
  return {
    name: 'http',
    async register(submission) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(submission),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await response.json().catch(() => ({}))) as { success?: boolean; result?: string };
        if (!response.ok)
          return { status: 'failed', resultText: body.result ?? `RICA service answered ${response.status}` };
        return { status: body.success === false ? 'failed' : 'succeeded', resultText: body.result ?? 'Registered' };
      } catch (error) {
        return {
          status: 'failed',
          resultText: `RICA service unreachable: ${error instanceof Error ? error.message : error}`,
        };
      }
    },
  };
}

export function createRicaAdapter(settings: Settings): RicaAdapter {
  return settings.RICA_ADAPTER === 'http'
    ? createHttpRicaAdapter(settings.RICA_API_URL!, settings.RICA_API_TOKEN)
    : localRicaAdapter;
}
