import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

/** Where picture files live: a flat namespace of names the server makes. */
export interface ImageStorage {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such object. */
  get(name: string): Promise<StoredObject | undefined>;
  /** Deleting a missing object is not an error. */
  delete(name: string): Promise<void>;
}

export type S3Settings = NonNullable<Config['s3']>;

/** S3-compatible object storage when configured, else files in `DATA_DIR/uploads`. */
export function createImageStorage(config: Config): ImageStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'uploads'));
}

export function diskStorage(dir: string): ImageStorage {
  const file = (name: string) => {
    // Names come from URLs too: never let one step out of the directory.
    if (!name || path.basename(name) !== name || name.startsWith('.')) throw new Error(`Bad object name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(file(name), bytes);
    },
    async get(name) {
      // Opened here, not lazily by the stream, so a missing file is known before answering.
      const handle = await fs.open(file(name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      if (!handle) return undefined;
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    },
    async delete(name) {
      await fs.rm(file(name), { force: true });
    },
  };
}

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
