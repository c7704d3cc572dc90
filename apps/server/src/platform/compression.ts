import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

// On-the-fly compression of API answers (issue 17; decision 036). These answers are made per
// request and mostly small (a page of a list is 2–25 KiB of JSON), so what counts is the CPU each
// one costs on the event loop, not the last few percent of size; the web app's own files are
// compressed at build time at the highest settings instead (platform/web-app.ts).
// - Below 1 KiB an answer goes out as it is: the headers alone are a few hundred bytes.
// - Brotli at quality 1 and gzip at level 1: on a 21 KiB page of the helpdesk console 0.12 and
//   0.15 ms against 0.40 ms (brotli 4, the plugin's default) and 0.59 ms (gzip 6, zlib's default),
//   for 2.2 KiB instead of 1.7–1.8 KiB.
// - Up to 256 KiB in one synchronous call: the plugin's default on a 2-core machine (8 KiB) sent
//   a list page through a stream pipeline and the thread pool, which cost more in stream
//   machinery, ticks and chunked writes than the compression itself. Larger answers (exports,
//   the OpenAPI document) still stream.
export const API_COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  syncThreshold: 256 * 1024,
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  },
  zlibOptions: { level: 1 },
};
