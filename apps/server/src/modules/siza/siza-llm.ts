import type { Settings } from '../../config.ts';

// The optional language model behind Siza (decision 030): an OpenAI-compatible chat completions
// endpoint set by settings. It is given only the question and the passages Siza found, and asked
// to rephrase them; the service still attaches the cited modules and falls back to the composed
// answer whenever this throws.

export interface SizaPassage {
  /** 1-based number the model cites as [n]. */
  n: number;
  moduleName: string;
  text: string;
}

export interface SizaRephraser {
  readonly name: string;
  rephrase(input: { question: string; passages: SizaPassage[] }): Promise<string>;
}

export class SizaLlmError extends Error {
  override readonly name = 'SizaLlmError';
}

const SYSTEM_PROMPT = [
  'You are Siza, the training assistant of a telecoms dealer portal in South Africa.',
  'Answer the dealer’s question using ONLY the numbered passages from their training modules.',
  'Do not add facts that are not in the passages. If the passages do not answer the question, say so.',
  'Keep it short and plain (at most 120 words) and cite the passages you used as [1], [2].',
].join(' ');

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1: requests go to {baseUrl}/chat/completions. */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function createOpenAiCompatibleRephraser(options: OpenAiCompatibleOptions): SizaRephraser {
  const { baseUrl, model, apiKey, timeoutMs = 20_000, fetchImpl = fetch } = options;
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'openai-compatible',
    async rephrase({ question, passages }) {
      const context = passages.map((p) => `[${p.n}] (${p.moduleName}) ${p.text}`).join('\n');
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model,
          temperature: 0.2,
          max_tokens: 400,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: `Passages:\n${context}\n\nQuestion: ${question}` },
          ],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new SizaLlmError(`The language model answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        choices?: Array<{ message?: { content?: unknown } }>;
      } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new SizaLlmError('The language model gave no answer');
      return content.trim();
    },
  };
}

/** The rephraser the settings name, or null (answers composed from the passages). */
export function createSizaRephraser(settings: Settings): SizaRephraser | null {
  if (!settings.SIZA_LLM_BASE_URL || !settings.SIZA_LLM_MODEL) return null;
  return createOpenAiCompatibleRephraser({
    baseUrl: settings.SIZA_LLM_BASE_URL,
    model: settings.SIZA_LLM_MODEL,
    apiKey: settings.SIZA_LLM_API_KEY,
  });
}
