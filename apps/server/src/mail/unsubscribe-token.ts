import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an email's unsubscribe link: the person's id and an HMAC of it under the app's auth
 * secret. It needs no session (the link is followed from a mail program, or posted by the mail
 * provider itself for one-click unsubscribe), and nobody can make one for another person without
 * the secret. It does not expire: an old email's link keeps working, as people expect.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId)}`;
}

/** The person a token was made for, or null for a malformed or forged one. */
export function unsubscribeTokenUser(secret: string, token: string): string | null {
  const [encodedId, mac, ...rest] = token.split('.');
  if (!encodedId || !mac || rest.length) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString();
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

function signature(secret: string, userId: string): string {
  // The purpose in the MAC, so this token can never be replayed as some other signed value of the app.
  return createHmac('sha256', secret).update(`email-unsubscribe:${userId}`).digest('base64url');
}
