import path from 'node:path';
import type { Config } from '../config.ts';
import { diskStorage, type ImageStorage } from './storage.ts';

/**
 * S3-compatible object storage when configured, else files in `DATA_DIR/uploads`. The S3 client is
 * loaded only then: it is one of the largest libraries here, and most servers never use it.
 */
export async function createImageStorage(config: Config): Promise<ImageStorage> {
  if (!config.s3) return diskStorage(path.join(config.dataDir, 'uploads'));
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.s3);
}
