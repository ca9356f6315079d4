import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/** The sentence the server gave for each field of a refused form, by the field's name as sent. */
export function fieldRefusals(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (error instanceof ApiError) for (const { field, message } of error.fields) byField[field] ??= message;
  return byField;
}

/**
 * Shows each of the server's field sentences under that field of a react-hook-form form (the first
 * one focused); `fieldOf` names the form's field for a field as sent, or none when the form has no
 * such field. True when at least one was placed, so the caller toasts only a refusal left over.
 */
export function placeFieldRefusals<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldOf: (sent: string) => FieldPath<T> | undefined): boolean {
  let placed = false;
  for (const [sent, message] of Object.entries(fieldRefusals(error))) {
    const field = fieldOf(sent);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
