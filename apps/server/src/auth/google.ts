import path from 'node:path';
import { usesTestIdentityProvider, type Config, type TestIdpConfig } from '../config.ts';
import { readOrCreateSecret } from '../secret-file.ts';

/** better-auth's provider id; the callback is `${PUBLIC_URL}/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

/** Where the built-in test identity provider lives (its issuer is `${PUBLIC_URL}${TEST_IDP_PATH}`). */
export const TEST_IDP_PATH = '/api/test-idp';
export const TEST_IDP_CLIENT_ID = 'second-gear-test';

/** The OpenID Connect provider behind CONTINUE WITH GOOGLE. */
export interface GoogleOAuth {
  kind: 'google' | 'test-idp';
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export function googleCallbackUrl(publicUrl: string): string {
  return `${publicUrl}/api/auth/callback/${GOOGLE_PROVIDER_ID}`;
}

/** The test identity provider's client secret, generated once into DATA_DIR (readable by its owner only). */
export function testIdpClientSecret(config: Pick<Config, 'dataDir'>): string {
  return readOrCreateSecret(path.join(config.dataDir, 'test-idp-client-secret'));
}

/**
 * Real Google with GOOGLE_CLIENT_ID/SECRET; otherwise the built-in test identity provider in
 * development and test on loopback; otherwise none (the button answers "not available").
 */
export function googleOAuth(config: TestIdpConfig & Pick<Config, 'dataDir'>): GoogleOAuth | undefined {
  if (config.google) {
    return { kind: 'google', clientId: config.google.clientId, clientSecret: config.google.clientSecret, discoveryUrl: GOOGLE_DISCOVERY_URL };
  }
  if (!usesTestIdentityProvider(config)) return undefined;
  return {
    kind: 'test-idp',
    clientId: TEST_IDP_CLIENT_ID,
    clientSecret: testIdpClientSecret(config),
    discoveryUrl: `${config.publicUrl}${TEST_IDP_PATH}/.well-known/openid-configuration`,
  };
}
