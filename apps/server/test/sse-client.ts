import http from 'node:http';
import type { PortalEvent } from '../src/platform/events.ts';

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: PortalEvent[];
  comments: string[];
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  /** Resolves with the first event (from now on, or already received) that matches. */
  next(match: (event: PortalEvent) => boolean, timeoutMs?: number): Promise<PortalEvent>;
  close(): void;
}

/** A minimal EventSource over node:http for `${baseUrl}/api/events`: parses `data:` lines and comments. */
export function connectEvents(baseUrl: string, cookie?: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {} }, (response) => {
      let markEnded: () => void = () => {};
      const waiters: Array<(event: PortalEvent) => boolean> = [];
      const client: SseClient = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        comments: [],
        ended: new Promise((done) => {
          markEnded = done;
        }),
        next(match, timeoutMs = 5000) {
          const found = client.events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching event')), timeoutMs);
            waiters.push((event) => {
              if (!match(event)) return false;
              clearTimeout(timer);
              done(event);
              return true;
            });
          });
        },
        close: () => request.destroy(),
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
            if (line.startsWith('data: ')) {
              const event = JSON.parse(line.slice(6)) as PortalEvent;
              client.events.push(event);
              for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(event)) waiters.splice(i, 1);
            }
          }
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('end', () => markEnded());
      response.on('close', () => markEnded());
      response.on('error', () => {});
      if (client.status !== 200) response.on('end', () => resolve(client));
      else response.once('data', () => resolve(client));
      response.resume();
    });
    request.on('error', reject);
  });
}
