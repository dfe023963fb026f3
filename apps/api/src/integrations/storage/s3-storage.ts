import { assertSafeKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, DigitalOcean Spaces…); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Where browsers load the files from (a CDN or the bucket's public URL); default from the endpoint. */
  publicUrl?: string;
}

/** Files in an S3 bucket under `{key}`, public-read through `publicUrl` (the bucket policy or a CDN serves them). */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage & { publicBase: string }> {
  // The AWS SDK is loaded only when S3 is configured (its import costs about 0.15 s of CPU).
  const { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
    // streaming checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const publicBase = (
    options.publicUrl ??
    (options.endpoint ? `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}` : `https://${options.bucket}.s3.${options.region}.amazonaws.com`)
  ).replace(/\/+$/, '');
  return {
    kind: 's3',
    publicBase,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // File names are unique: they never change, so browsers and CDNs may keep them.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async deleteFolder(folder) {
      assertSafeKey(folder);
      // S3 has no folders: list the keys under `{folder}/` (up to 1000 a page) and delete each page.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: `${folder}/`, ...(token ? { ContinuationToken: token } : {}) }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const done = await client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: keys, Quiet: true } }));
          if (done.Errors?.length) throw new Error(`S3 could not delete ${done.Errors.length} file(s) under ${folder}/: ${done.Errors[0]?.Message ?? ''}`);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    publicUrl(key) {
      return `${publicBase}/${key}`;
    },
    async putPrivate(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: `private/${key}`, Body: body, ContentType: contentType, CacheControl: 'private, no-store' }),
      );
    },
    async getPrivate(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: `private/${key}` }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async deletePrivate(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: `private/${key}` }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: options.bucket }), { abortSignal: AbortSignal.timeout(3000) });
    },
  };
}
