import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationRefusal } from './validation-refusal.ts';

const booking = z
  .object({
    preferredTime: z.string().refine((t) => Date.parse(t) > Date.now(), 'Preferred Time cannot be in the past'),
    phone: z.string().max(5),
    seats: z.number().int().min(1),
    kind: z.enum(['viewing', 'test drive']),
    email: z.email().optional(),
  })
  .strict();

function refusalOf(value: unknown, context = 'body') {
  // The type provider's own compiler, so the issues are the ones a route's schema produces.
  const validate = validatorCompiler({ schema: booking, method: 'POST', url: '/', httpPart: 'body' });
  const result = validate(value) as { error?: FastifySchemaValidationError[] };
  if (!result.error) throw new Error('expected a refusal');
  return validationRefusal(result.error, context);
}

const valid = { preferredTime: '2999-01-01T10:00:00Z', phone: '555', seats: 1, kind: 'viewing' };

describe('a refused request in sentences', () => {
  it('keeps the contract’s own message word for word, and names its field beside it', () => {
    expect(refusalOf({ ...valid, preferredTime: '2000-01-01T10:00:00Z' })).toEqual({
      message: 'Preferred Time cannot be in the past',
      fields: [{ field: 'preferredTime', message: 'Preferred Time cannot be in the past' }],
    });
  });

  it.each([
    [{ ...valid, preferredTime: undefined }, 'Preferred time is required.'],
    [{ ...valid, phone: '5551234' }, 'Phone must be at most 5 characters.'],
    [{ ...valid, seats: 'two' }, 'Seats must be a number.'],
    [{ ...valid, seats: 0 }, 'Seats must be at least 1.'],
    [{ ...valid, kind: 'race' }, 'Kind must be one of viewing, test drive.'],
    [{ ...valid, email: 'nobody' }, 'Email is not an email address.'],
    [{ ...valid, isAdmin: true }, '“isAdmin” is not a field this form takes.'],
  ])('builds a sentence where zod has none: %j', (value, sentence) => {
    const { message } = refusalOf(value);
    expect(message).toBe(sentence);
    expect(message).not.toMatch(/Invalid|expected|received|\//);
  });

  it('lists every field refused, once each, the first as the message', () => {
    const refusal = refusalOf({ phone: '5551234', seats: 0, kind: 'viewing' });
    expect(refusal.fields.map((f) => f.field)).toEqual(['preferredTime', 'phone', 'seats']);
    expect(refusal.message).toBe(refusal.fields[0]!.message);
  });

  it('speaks of the address for a query, and of the request when no field is named', () => {
    expect(refusalOf({ ...valid, colour: 'red' }, 'querystring').message).toBe('“colour” is not a field this address takes.');
    expect(refusalOf('text').message).toBe('The request must be a group of fields.');
  });
});
