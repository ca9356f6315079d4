import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** Reads a secret kept in a file, generating it (readable by its owner only) on first use. */
export function readOrCreateSecret(file: string, bytes = 32): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const value = randomBytes(bytes).toString('base64url');
    fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  }
}
