import { gzipSync } from 'node:zlib';

const gzipCache = new Map<string, number>();

/** gzip -9 size of the file at `url`, fetched once per URL (what a page's script costs over the wire). */
export async function gzipSize(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (size === undefined) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}
