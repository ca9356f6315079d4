import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * An answer serialised and encoded by the route itself (once per cache fill for a visitor's advertised
 * grid, once per request for a visitor's search). Outside production it is first checked against
 * its response schema, as Fastify's serializer checks the other routes' answers, so a test fails
 * on any drift; in production it is not: its cars are PRODUCT_JSON's, which tests hold to the
 * schema, with the seller's contact hidden, and the check cost 6.5% of an uncached page's server
 * time and a tenth of a search's (docs/performance.md).
 */
export function jsonBytes<S extends z.ZodType>(app: FastifyInstance, schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(app.config.env === 'production' ? value : schema.parse(value)));
}

/**
 * An answer assembled as JSON text around cars PostgreSQL wrote (PRODUCT_JSON). Outside production
 * it is parsed, checked against its response schema and must be, byte for byte, what the schema's
 * answer serialises to, so a test fails on any drift of the SQL from the contract; in production it
 * is sent as it is (parsing it again was most of what PostgreSQL writing it saved).
 */
export function jsonText<S extends z.ZodType>(app: FastifyInstance, schema: S, text: string): Buffer {
  if (app.config.env !== 'production') {
    const checked = JSON.stringify(schema.parse(JSON.parse(text)));
    if (checked !== text) throw new Error(`An answer differs from what its schema makes of it:\n${text}\n${checked}`);
  }
  return Buffer.from(text);
}

/** JSON texts as one JSON array. */
export function jsonArray(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}

/** Sends bytes from jsonBytes or jsonText as the route's JSON answer (Fastify's serializer is skipped for a Buffer). */
export function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
