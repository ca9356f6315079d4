import { z } from 'zod';
import { controlCharacter } from './plain-text.ts';

/** One field's refusal: its name as sent (`preferredTime`, `images.0`) and the sentence to show under it. */
export const fieldRefusal = z.object({ field: z.string(), message: z.string() });
export type FieldRefusal = z.infer<typeof fieldRefusal>;

/**
 * The error body of every refused call (contract: `{ statusCode, error, message }`). A request its
 * schema refuses also lists each field's sentence, so that a form shows it under the field; the
 * message is the first of them.
 */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(fieldRefusal).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Shapes the original client relied on, kept word for word (docs/product.md, "The API's compatible shapes"). */
export const insertResult = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string().optional(),
  message: z.string().optional(),
});
export const updateResult = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export const deleteResult = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
});

/**
 * A one-line text field: a line break or another control character in it is refused, since the text
 * goes where such a character is structure (a calendar file's properties, an email's headers).
 */
export const oneLine = <T extends z.ZodType<string>>(schema: T, name: string) =>
  schema.refine((value) => !controlCharacter.test(value), `${name} must be one line of text, without line breaks or control characters`);

export const emailParam = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }).strict();
export const idParam = z.object({ id: z.uuid() }).strict();

export type InsertResult = z.infer<typeof insertResult>;
export type UpdateResult = z.infer<typeof updateResult>;
export type DeleteResult = z.infer<typeof deleteResult>;
