import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { FastifyInstance } from 'fastify';
import { sessionCookie, type Person } from './harness.ts';

/** An authenticator app's secret, read from the `otpauth://` address the setup shows as a QR code. */
export function secretOf(totpURI: string): Uint8Array {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return base32.decode(secret);
}

/** The code an authenticator app shows now, with the library better-auth checks codes with. */
export function codeNow(secret: Uint8Array): Promise<string> {
  return createOTP(secret).totp();
}

const post = (app: FastifyInstance, cookie: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: { origin: app.config.publicUrl, cookie } });

/**
 * Turns two-factor sign-in on as Settings does: the password, then a first code. better-auth then
 * replaces the session, so the person comes back with the new cookie, the app's secret and the backup codes.
 */
export async function turnOnTwoFactor(app: FastifyInstance, person: Person, password = 'secret123') {
  const enabled = await post(app, person.cookie, '/api/auth/two-factor/enable', { password });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOf(totpURI);
  const verified = await post(app, person.cookie, '/api/auth/two-factor/verify-totp', { code: await codeNow(secret) });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return { person: { ...person, cookie: sessionCookie(verified.headers['set-cookie']) }, secret, backupCodes, totpURI };
}
