import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Adapter, AdapterPayload, Configuration, JWK, default as Provider } from 'oidc-provider';
import { z } from 'zod';
import { usesTestIdentityProvider, type Config } from '../config.ts';
import { refuseNonCanonicalTarget } from './canonical-target.ts';
import { googleCallbackUrl, TEST_IDP_CLIENT_ID, TEST_IDP_PATH, testIdpClientSecret } from './google.ts';

/**
 * Google sign-in without Google: a real OpenID Connect provider (oidc-provider)
 * that stands in for Google in development and test. Its sign-in page asks for an Email and a Name
 * and signs that person in, with `email_verified: true` unless its `Email verified` box is
 * unchecked (to try what the product does with an address Google has not verified). It is never
 * mounted when NODE_ENV=production, nor when real Google credentials are configured, nor where
 * anyone but this machine could reach it (usesTestIdentityProvider).
 *
 * Everything it keeps (keys, interactions, codes, the people who signed in) lives in this process's
 * memory, except the client secret, which better-auth shares through DATA_DIR.
 */
export async function testIdentityProvider(app: FastifyInstance): Promise<void> {
  const config = app.config;
  if (!usesTestIdentityProvider(config)) return;
  const provider = createTestProvider(await loadOidcProvider(), config);
  const callback = provider.callback();
  // oidc-provider (Koa) parses the address again: only targets every parser reads alike.
  app.addHook('onRequest', refuseNonCanonicalTarget);

  // The provider's own endpoints (discovery, authorization, token, JWKS, userinfo). It reads
  // request bodies itself, so nothing here parses them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
      url: `${TEST_IDP_PATH}/*`,
      schema: { hide: true },
      exposeHeadRoute: false,
      async handler(req, reply) {
        reply.hijack();
        const raw = req.raw as typeof req.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(TEST_IDP_PATH.length) || '/';
        await callback(raw, reply.raw);
      },
    });
  });

  // The sign-in page (the provider's "interaction"), with form-encoded posts.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const params = z.object({ uid: z.string().min(1).max(100) });

    scope.get(`${TEST_IDP_PATH}/interaction/:uid`, { schema: { hide: true } }, async (req, reply) => {
      const details = await currentInteraction(provider, req, reply);
      if (!details) return;
      return page(reply, 200, signInForm(details.uid, ''));
    });

    scope.post(`${TEST_IDP_PATH}/interaction/:uid/login`, { schema: { hide: true } }, async (req, reply) => {
      const details = await currentInteraction(provider, req, reply);
      if (!details) return;
      const form = signInFields.safeParse(req.body);
      if (!form.success) {
        const values = (req.body ?? {}) as Record<string, unknown>;
        const typed = { email: String(values.email ?? ''), name: String(values.name ?? ''), emailVerified: values.email_verified !== 'false' };
        return page(reply, 400, signInForm(details.uid, form.error.issues[0]!.message, typed));
      }
      const person = remember(form.data.email, form.data.name, form.data.email_verified === 'true');
      const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      const to = await provider.interactionResult(req.raw, reply.raw, { login: { accountId: person.sub, remember: false }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return reply.redirect(to, 303);
    });

    scope.post(`${TEST_IDP_PATH}/interaction/:uid/abort`, { schema: { hide: true } }, async (req, reply) => {
      const details = await currentInteraction(provider, req, reply);
      if (!details) return;
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });

    /** The interaction of this browser (its cookie), and only if it is the one in the URL. */
    async function currentInteraction(p: Provider, req: FastifyRequest, reply: FastifyReply) {
      const { uid } = params.parse(req.params);
      try {
        const details = await p.interactionDetails(req.raw, reply.raw);
        if (details.uid === uid) return details;
      } catch {
        // No interaction cookie, or an expired interaction: answered below.
      }
      await page(reply, 400, message('This sign-in has expired. Close this window and start again from Second Gear.'));
      return undefined;
    }
  });
}

const signInFields = z.object({
  email: z.email('Enter a valid email address').max(254).transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  // The form sends "false" (a hidden field) and then "true" when the box is checked; the last one is
  // kept. A post without the field (a script) gets the page's default: verified.
  email_verified: z.enum(['true', 'false']).default('true'),
});

interface Person {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Who signed in here, by subject; a person's subject is stable for their email, as Google's is. */
const people = new Map<string, Person>();

function remember(email: string, name: string, emailVerified: boolean): Person {
  const sub = `test-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
  const person = { sub, email, name, emailVerified };
  people.set(sub, person);
  return person;
}

/**
 * oidc-provider is loaded only when the test provider is mounted, so production never loads it.
 * It warns at load on Node.js 20 ("Use Node.js v22.x LTS"); the product supports Node.js 20.19+
 * and this development-only provider works there (its tests run on it), so that line, which would
 * otherwise be printed at every start, is left out.
 */
async function loadOidcProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

function createTestProvider(OidcProvider: typeof Provider, config: Config): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_IDP_CLIENT_ID,
        client_secret: testIdpClientSecret(config),
        redirect_uris: [googleCallbackUrl(config.publicUrl)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey] },
    // Short lives: a sign-in here takes a minute, and nothing is kept for later.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the person's email and name, as Google's does.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${TEST_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: person.emailVerified, name: person.name }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = document('Sign-in error', `<h1>Sign-in error</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
  return new OidcProvider(`${config.publicUrl}${TEST_IDP_PATH}`, configuration);
}

/** What the provider keeps (interactions, codes, tokens), in this process's memory, expiring. */
function memoryAdapter(): (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const uids = new Map<string, string>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    return {
      async upsert(id, payload, expiresIn = 600) {
        // Expired entries go as new ones arrive, so that the store stays small.
        for (const [k, entry] of store) if (entry.expiresAt < Date.now()) store.delete(k);
        store.set(key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
        if (payload.uid) uids.set(payload.uid, id);
        if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key(id)));
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const id = uids.get(uid);
        return id === undefined ? undefined : live(key(id));
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of grants.get(grantId) ?? []) store.delete(k);
        grants.delete(grantId);
      },
    };
  };
}

function page(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function message(text: string): string {
  return document('Test sign-in', `<h1>Test sign-in</h1><p role="alert">${escapeHtml(text)}</p>`);
}

function signInForm(uid: string, error: string, typed = { email: '', name: '', emailVerified: true }): string {
  const action = `${TEST_IDP_PATH}/interaction/${encodeURIComponent(uid)}`;
  return document(
    'Sign in · Test identity provider',
    `<h1>Sign in</h1>
<p class="note">Test identity provider: it stands in for Google while Second Gear runs without Google credentials.</p>
${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}/login">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(typed.email)}">
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(typed.name)}">
  <input type="hidden" name="email_verified" value="false">
  <label class="check"><input id="email_verified" name="email_verified" type="checkbox" value="true"${typed.emailVerified ? ' checked' : ''}> Email verified</label>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(action)}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:22rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.5rem}form{display:flex;flex-direction:column;gap:.5rem;margin-top:1rem}
input{padding:.5rem;border:1px solid #9ca3af;border-radius:.375rem;font:inherit}
.check{display:flex;gap:.5rem;align-items:center}.check input{margin:0}
button{padding:.6rem;border:0;border-radius:.375rem;background:#2563eb;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1f2937}.note{color:#4b5563;font-size:.875rem}
.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;border-radius:.375rem;padding:.5rem}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
