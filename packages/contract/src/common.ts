import { z } from 'zod';

/** The error body of every refused call (contract: `{ statusCode, error, message }`). */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
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

export const emailParam = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }).strict();
export const idParam = z.object({ id: z.uuid() }).strict();

export type InsertResult = z.infer<typeof insertResult>;
export type UpdateResult = z.infer<typeof updateResult>;
export type DeleteResult = z.infer<typeof deleteResult>;
