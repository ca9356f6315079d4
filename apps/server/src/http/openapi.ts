import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '@second-gear/contract';
import { authDocument } from '../auth/auth-document.ts';
import { guardAccess, roleNames, type GuardAccess } from '../auth/guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart/form-data body, for the document only (field name → what to send): the handler
     * reads it with @fastify/multipart, so no schema validates it.
     */
    multipartFiles?: Record<string, string>;
  }
}

/** A refusal in the contract's error shape, with the reason the document shows for it. */
export function refusal(why: string) {
  return errorBody.describe(why);
}

/** Methods whose body Fastify reads, so that a bad, oversized or unknown-type body is refused. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SESSION = 'session';

/**
 * What every route can answer besides its own declarations, from facts about the route alone, so
 * that the document lists each status the server sends without a route having to remember it:
 *
 * - 400: a malformed address, or text the database cannot store, is refused before any route
 *   (errors.ts); a schema, or a body to read, adds its own refusals;
 * - 401/403: from the route's guard (auth/guards.ts); every write also answers 403 when a page of
 *   another site sends it (same-origin.ts);
 * - 404 and 414: a path parameter names something that may not exist, or is too long;
 * - 413/415: a body over the size limit, or of a type the route does not read;
 * - 500: a failure of ours.
 */
function impliedRefusals(route: RouteOptions, method: string, access: GuardAccess | undefined) {
  const write = bodyMethods.has(method);
  const parametric = route.url.includes(':');
  const forbidden = [
    access && access !== 'signed-in' ? `Signed in, but not as one of the ${accessText(access)}.` : undefined,
    write ? 'Sent from a page of another site.' : undefined,
  ].filter(Boolean);
  return {
    400: refusal('The request is not valid; the message names the part and why.'),
    ...(access ? { 401: refusal('No session: sign in first (POST /api/auth/sign-in/email).') } : {}),
    ...(forbidden.length ? { 403: refusal(forbidden.join(' Or: ')) } : {}),
    ...(parametric ? { 404: refusal('Nothing of that id or address here, or nothing of the caller’s.') } : {}),
    ...(write ? { 413: refusal('The body is larger than this call takes.'), 415: refusal('The body is of a content type this call does not read.') } : {}),
    ...(parametric ? { 414: refusal('A part of the address is too long.') } : {}),
    500: refusal('Something went wrong on our side.'),
  };
}

function accessText(access: GuardAccess) {
  return access === 'signed-in' ? 'signed-in people' : access.map((r) => roleNames[r]).join(' and ');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The swagger transform: each route's own schema (zod, as the type provider converts it) with the
 * refusals above, its guard as `security` and `x-access`, and its documented multipart body.
 * Declarations of the route itself win (a 409, a refusal in the card processor's shape).
 */
function documentRoute(input: TransformInput) {
  const { schema, route } = input as TransformInput & { route: RouteOptions };
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = [route.method].flat()[0]!;
  const access = [route.onRequest].flat().map(guardAccess).find((a) => a !== undefined);
  const accessLine = access ? `**Access:** ${accessText(access)} only (session cookie).` : '**Access:** anyone.';
  const described = {
    ...schema,
    description: [schema.description, accessLine].filter(Boolean).join('\n\n'),
    response: { ...impliedRefusals(route, method, access), ...(schema.response as object) },
    ...(access ? { security: [{ [SESSION]: [] }] } : {}),
    // Copied into the operation by @fastify/swagger, as every `x-` key is.
    'x-access': access ?? 'public',
  };
  const documented = jsonSchemaTransform({ ...input, schema: described as typeof schema });
  const files = route.config?.multipartFiles;
  if (!files) return documented;
  const properties = Object.fromEntries(Object.entries(files).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]));
  return {
    ...documented,
    schema: { ...documented.schema, consumes: ['multipart/form-data'], body: { type: 'object', required: Object.keys(files), properties } },
  };
}

/** @fastify/swagger's options: the route table's document, with better-auth's calls merged in. */
export function apiDocumentOptions({ publicUrl, sessionCookieName }: { publicUrl: string; sessionCookieName: string }): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Second Gear API',
        version: '1.0.0',
        description:
          'The used-car marketplace API. Sign in with POST /api/auth/sign-in/email (or sign up with POST /api/auth/sign-up/email): the answer sets the session cookie that every call marked with a lock needs. Every refusal has the body `{ statusCode, error, message }`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          [SESSION]: { type: 'apiKey', in: 'cookie', name: sessionCookieName, description: 'The session cookie set by sign-in or sign-up (HttpOnly, SameSite=Lax).' },
        },
      },
    },
    transform: documentRoute,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      return { ...openapiObject, paths: { ...openapiObject.paths, ...authDocument() } };
    },
  };
}
