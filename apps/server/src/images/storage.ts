import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
