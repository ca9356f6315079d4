import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/**
 * Reads a secret kept in a file, generating it (readable by its owner only) on first use. Several
 * processes starting together on one DATA_DIR (the README's scale-out example) all get the same
 * secret: it is written whole under a temporary name and hard-linked into place, so a reader never
 * sees a half-written file and the first link wins.
 */
export function readOrCreateSecret(file: string, bytes = 32): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const value = randomBytes(bytes).toString('base64url');
    const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temp, value, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temp, file);
      return value;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
      // A file system without hard links: create the file directly, as before.
      fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
      return value;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
}
