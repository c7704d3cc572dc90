/**
 * One Server-Sent Events stream per page ('/api/events'), shared by every part of the page that
 * follows live changes: the first subscriber opens it, the last one to leave closes it (sign-out
 * unmounts them all). Messages are `{ type, channel, data }`; after the stream was lost and opened
 * again the subscribers also get `{ type: 'events.reconnected' }`, since events may have been missed.
 * A stream that does not open within 10 seconds (spec 1 §9), or that the browser gave up on, is
 * opened again with back-off. Failures are otherwise ignored: the page works without it.
 */
export interface LiveEvent {
  type: string;
  channel?: string;
  data?: unknown;
}

export type LiveEventListener = (event: LiveEvent) => void;

export const EVENTS_URL = '/api/events';
export const LIVE_OPEN_TIMEOUT_MS = 10_000;
export const RECONNECTED = 'events.reconnected';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS) + Math.floor(Math.random() * 250);
}

const listeners = new Set<LiveEventListener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let openTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let hasOpened = false;

function emit(event: LiveEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('A live event listener failed', error);
    }
  }
}

function stop(): void {
  clearTimeout(retryTimer);
  clearTimeout(openTimer);
  source?.close();
  source = null;
  attempt = 0;
  hasOpened = false;
}

function retryLater(): void {
  clearTimeout(openTimer);
  source?.close();
  source = null;
  if (listeners.size === 0) return;
  retryTimer = setTimeout(connect, retryDelay(attempt));
  attempt += 1;
}

function connect(): void {
  if (listeners.size === 0 || typeof EventSource === 'undefined') return;
  const stream = new EventSource(EVENTS_URL, { withCredentials: true });
  source = stream;
  openTimer = setTimeout(() => {
    if (source === stream && stream.readyState !== EventSource.OPEN) retryLater();
  }, LIVE_OPEN_TIMEOUT_MS);
  stream.onopen = () => {
    clearTimeout(openTimer);
    if (hasOpened) emit({ type: RECONNECTED });
    hasOpened = true;
    attempt = 0;
  };
  stream.onmessage = (message: MessageEvent<string>) => {
    try {
      const event = JSON.parse(message.data) as Partial<LiveEvent>;
      if (typeof event.type === 'string') emit(event as LiveEvent);
    } catch {
      // not an event of ours
    }
  };
  stream.onerror = () => {
    // CONNECTING: the browser reconnects by itself (onopen then says so). CLOSED: it gave up.
    if (source === stream && stream.readyState === EventSource.CLOSED) {
      emit({ type: 'events.lost' });
      retryLater();
    }
  };
}

/** Listens to the page's live events; answers the function that stops listening. */
export function subscribeToLiveEvents(listener: LiveEventListener): () => void {
  listeners.add(listener);
  if (!source && listeners.size === 1) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}
