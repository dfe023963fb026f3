import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile, rename, access, constants } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type Storage } from './storage';

/** The mount point of disk storage in the web app. */
export const MEDIA_ROUTE_PREFIX = '/media/';

/** Files under `{root}/{key}`, served by the app at /media/{key}. Writes are atomic (temp + rename). */
export function createDiskStorage(root: string): Storage & { root: string } {
  const base = resolve(root);
  mkdirSync(base, { recursive: true });
  // Beside the served folder, never under it.
  const privateBase = `${base}-private`;
  const write = async (target: string, body: Buffer) => {
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, target);
  };
  return {
    kind: 'disk',
    root: base,
    async put(key, body) {
      assertSafeKey(key);
      await write(join(base, key), body);
    },
    async putPrivate(key, body) {
      assertSafeKey(key);
      await write(join(privateBase, key), body);
    },
    async getPrivate(key) {
      assertSafeKey(key);
      try {
        return await readFile(join(privateBase, key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrivate(key) {
      assertSafeKey(key);
      await rm(join(privateBase, key), { force: true });
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(join(base, key), { force: true });
    },
    async deleteFolder(folder) {
      assertSafeKey(folder);
      await rm(join(base, folder), { recursive: true, force: true });
    },
    publicUrl(key) {
      return `${MEDIA_ROUTE_PREFIX}${key}`;
    },
    async check() {
      // Writable for this process (no probe file: several checks a second must not churn the disk).
      await access(base, constants.W_OK);
    },
  };
}
