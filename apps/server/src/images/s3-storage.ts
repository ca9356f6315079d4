import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ImageStorage, S3Settings } from './storage.ts';

export function s3Storage(s3: S3Settings): ImageStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // MinIO-like servers address buckets by path, not by host name.
    forcePathStyle: Boolean(s3.endpoint),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Many S3-compatible servers reject the newer default CRC32 checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  // Names the bucket in logs, and keeps a network error code (ECONNREFUSED) from reading as a database one at start.
  const failed = (err: unknown): never => {
    throw new Error(`S3 bucket ${Bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}: ${(err as Error).message}`, { cause: err });
  };
  return {
    async put(name, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType })).catch(failed);
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return { body: answer.Body as Readable, size: answer.ContentLength };
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        return failed(err);
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name })).catch(failed);
    },
  };
}
