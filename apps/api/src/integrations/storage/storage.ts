/**
 * Where uploaded and generated files (listing photos, product images) live. Keys look like
 * `{listing_id}/{file name}`; `publicUrl` is what browsers load.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file under `{folder}/` (e.g. a listing's pictures and thumbnails), including any a
   * crashed save may have left; a missing folder is not an error.
   */
  deleteFolder(folder: string): Promise<void>;
  publicUrl(key: string): string;
  /**
   * Private files (the rental agreements): kept apart from the public ones and never served by a URL;
   * the API reads them back for the people allowed to see them. Disk: `{root}-private/{key}`; S3: the
   * bucket's `private/{key}` (the bucket policy must not make `private/` public).
   */
  putPrivate(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A private file's bytes, or null when there is none. */
  getPrivate(key: string): Promise<Buffer | null>;
  /** Removes a private file; a missing file is not an error. */
  deletePrivate(key: string): Promise<void>;
  /** Throws unless files can be stored now (readiness check): the folder is writable, the bucket answers. */
  check(): Promise<void>;
}

/** Keys are made by us, but check anyway: no traversal, no absolute paths, no odd characters. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
