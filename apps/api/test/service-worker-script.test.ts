import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerServiceWorkerScript } from '../src/plugins/service-worker';

/** GET /sw.js (decision 0012): the built worker with the exam bank's content hash in front, checked at each navigation. */
describe('the service worker script', () => {
  async function appWith(script: string | null) {
    const root = mkdtempSync(join(tmpdir(), 'medallion-sw-'));
    const webDist = join(root, 'dist');
    mkdirSync(webDist);
    if (script !== null) {
      mkdirSync(join(root, 'dist-sw'));
      writeFileSync(join(root, 'dist-sw', 'sw.js'), script);
    }
    const app = Fastify();
    let hash = 'bank-v1';
    app.decorate('examBank', { read: async () => ({ contentHash: hash }) as never, invalidate: async () => undefined });
    await registerServiceWorkerScript(app, webDist);
    await app.ready();
    return { app, setHash: (next: string) => (hash = next) };
  }

  it("is the built worker behind the bank's hash, never cached without asking, and changes with the bank", async () => {
    const { app, setHash } = await appWith('console.log("worker");');
    const first = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toBe('self.__EXAM_BANK__="bank-v1";\nconsole.log("worker");');
    // A staff edit changes the bank's hash: the script changes, so browsers install the new worker.
    setHash('bank-v2');
    const second = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe('self.__EXAM_BANK__="bank-v2";\nconsole.log("worker");');
    await app.close();
  });

  it('is not there without a built worker', async () => {
    const { app } = await appWith(null);
    expect((await app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(404);
    await app.close();
  });
});
