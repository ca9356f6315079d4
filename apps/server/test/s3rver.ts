import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/images/storage.ts';

export interface TestS3 {
  /** Where the server answers, with the keys it checks signatures with; the bucket is left to the caller. */
  settings: S3Settings;
  /** The names of the objects in one of the buckets, sorted. */
  objectNames(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, pure JavaScript, objects in a temporary directory) on a free
 * local port with `buckets` made, so the S3 storage is tested against the actual wire protocol.
 */
export async function startS3rver(buckets: string[]): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-test-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = await server.run();
  // s3rver accepts these fixed keys and checks the request signatures made with them.
  const settings = { bucket: '', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings,
    async objectNames(bucket) {
      const { endpoint, region, accessKeyId, secretAccessKey } = settings;
      const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      client.destroy();
      return Contents.map((o) => o.Key!).sort();
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
