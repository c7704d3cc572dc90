import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * A GET as the benchmarks time it. By default through `node:http` over one kept-alive connection,
 * asking for gzip as browsers do, and reading the JSON like a browser's `fetch` would: the
 * client's own work is small next to the server's. `BENCH_HTTP_CLIENT=fetch` uses Node's `fetch`
 * instead (what the figures before 2026-11-26 10:00 used): its WHATWG streams cost about 0.3–0.5 ms
 * a call on this machine, and the benchmark runs client and server in one process, so that time
 * lands in the API column although no server work causes it.
 */
export function createBenchGet(origin: string) {
  if (process.env.BENCH_HTTP_CLIENT === 'fetch') {
    return async (cookie: string, path: string) => {
      const answer = await fetch(`${origin}${path}`, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
      return answer.json();
    };
  }
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  return (cookie: string, path: string) =>
    new Promise<unknown>((resolve, reject) => {
      const request = http.get(
        { host: hostname, port, path, agent, headers: { cookie, 'accept-encoding': 'gzip' } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(chunks);
            if (answer.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
            if (answer.statusCode !== 200) reject(new Error(`GET ${path}: ${answer.statusCode} ${body}`));
            else resolve(JSON.parse(body.toString()));
          });
        },
      );
      request.on('error', reject);
    });
}
