import { readFileSync } from 'node:fs';
const m = await import('./dist-ssr/entry-server.js');
const la = readFileSync('/tmp/la.json');
const l1 = readFileSync('/tmp/l1.json');
const fetch = async (url) =>
  new Response(url.pathname.startsWith('/api/listing-all') ? la : url.pathname.startsWith('/api/listing/') ? l1 : '{"user":null}', {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
for (const url of (process.env.URLS ?? '/marketplace').split(',')) {
  for (let i = 0; i < 20; i++) await m.render({ url, origin: 'http://localhost', fetch });
  const n = 100;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await m.render({ url, origin: 'http://localhost', fetch });
  console.log(url, ((performance.now() - t0) / n).toFixed(2), 'ms/render');
}
