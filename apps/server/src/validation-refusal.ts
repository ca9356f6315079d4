import type { FastifySchemaValidationError } from 'fastify';
import type { FieldRefusal } from '@second-gear/contract';

/**
 * A refused request's issues as sentences a person reads: the contract's own message when the
 * schema gives one ("Preferred Time cannot be in the past", word for word), else a sentence built
 * from what zod found, naming the field as a form would ("Preferred time is required."). Never
 * zod's programmer words ("Invalid input: expected string, received undefined") nor a schema path.
 */
export function validationRefusal(issues: FastifySchemaValidationError[], context: string | undefined) {
  const fields: FieldRefusal[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.instancePath);
    const message = sentenceOf(issue, field, context);
    // One sentence per field: the first issue found is the one to fix first.
    if (!fields.some((f) => f.field === field && field !== '')) fields.push({ field, message });
  }
  const first = fields[0];
  return { message: first?.message ?? 'The request is not valid.', fields: fields.filter((f) => f.field !== '') };
}

/** `/images/0/url` → `images.0.url`; '' for the whole body or query. */
function fieldOf(instancePath: string | undefined): string {
  return (instancePath ?? '').split('/').filter(Boolean).join('.');
}

/** zod's own English messages, which a schema that names its field never leaves in place. */
const zodDefault = /^(Invalid (input|option|string|number|discriminator|value in|key in)\b|Invalid [A-Za-z0-9 .-]+$|Too (big|small): |Unrecognized keys?: )/;

function sentenceOf(issue: FastifySchemaValidationError, field: string, context: string | undefined): string {
  const own = issue.message ?? '';
  if (own && !zodDefault.test(own)) return own;
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (params.keys as string[] | undefined) ?? [];
    const names = keys.map((k) => `“${k}”`).join(', ');
    return keys.length > 1 ? `${names} are not fields ${takenBy(context)}.` : `${names} is not a field ${takenBy(context)}.`;
  }
  const label = labelOf(field, context);
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(own) ? `${label} is required.` : `${label} must be ${kindOf(String(params.expected))}.`;
    case 'too_small':
      return boundSentence(label, 'at least', params.minimum, params.origin);
    case 'too_big':
      return boundSentence(label, 'at most', params.maximum, params.origin);
    case 'invalid_value': {
      const values = (params.values as unknown[] | undefined) ?? [];
      return values.length === 1 ? `${label} must be ${String(values[0])}.` : `${label} must be one of ${values.map(String).join(', ')}.`;
    }
    case 'invalid_format':
      return `${label} is not ${formatOf(String(params.format))}.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(params.divisor)}.`;
    default:
      return `${label} is not valid.`;
  }
}

function takenBy(context: string | undefined) {
  return context === 'querystring' || context === 'params' ? 'this address takes' : 'this form takes';
}

/** `preferredTime` → "Preferred time"; the whole body or query → what it is. */
function labelOf(field: string, context: string | undefined): string {
  const last = field.split('.').filter((part) => !/^\d+$/.test(part)).at(-1);
  if (!last) return context === 'querystring' || context === 'params' ? 'The address' : 'The request';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function boundSentence(label: string, side: 'at least' | 'at most', bound: unknown, origin: unknown) {
  const n = Number(bound);
  if (origin === 'string') return side === 'at least' && n === 1 ? `${label} is required.` : `${label} must be ${side} ${n} characters.`;
  if (origin === 'array' || origin === 'set') return `${label} must have ${side} ${n} item${n === 1 ? '' : 's'}.`;
  return `${label} must be ${side} ${String(bound)}.`;
}

function kindOf(expected: string) {
  const kinds: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'a group of fields', date: 'a date' };
  return kinds[expected] ?? `a ${expected}`;
}

function formatOf(format: string) {
  const formats: Record<string, string> = { email: 'an email address', uuid: 'a valid id', url: 'a web address', datetime: 'a date and time', date: 'a date' };
  return formats[format] ?? 'in the expected form';
}
