import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from '../lib/web-headers';
import { compressHtml } from './web-render';

/**
 * GET /sw.js: the web app's service worker (apps/web/service-worker/sw.ts, built into apps/web/dist-sw
 * beside the web's dist, decision 0012) with the exam bank's content hash in front (`self.__EXAM_BANK__ = "<hash>";`). The
 * browser compares the script at each navigation (no-cache): a staff edit of the bank changes it, so a
 * new worker installs and drops the offline copy of the old bank; a new build changes it too (the worker
 * carries the build's file list). Without a built worker (a bare API) the address is a 404 like any file.
 */
export async function registerServiceWorkerScript(app: FastifyInstance, webDist: string): Promise<void> {
  const file = join(webDist, '..', 'dist-sw', 'sw.js');
  if (!existsSync(file)) return;
  const script = readFileSync(file, 'utf8');
  let cached: { hash: string; body: string; encoded: Map<string, Promise<Buffer>> } | null = null;

  app.get('/sw.js', { schema: { hide: true } }, async (request, reply) => {
    const bank = await app.examBank.read();
    if (cached?.hash !== bank.contentHash) {
      cached = { hash: bank.contentHash, body: `self.__EXAM_BANK__=${JSON.stringify(bank.contentHash)};\n${script}`, encoded: new Map() };
    }
    const current = cached;
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      // Checked at every navigation; never kept by a shared cache (the bank's hash is the same for everyone, but a
      // stale copy would hold the old bank's offline copy longer).
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(current.body);
    let body = current.encoded.get(encoding);
    if (!body) {
      body = compressHtml(current.body, encoding);
      current.encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(await body);
  });
}
