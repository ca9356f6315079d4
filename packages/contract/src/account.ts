import { z } from 'zod';

/**
 * `DELETE /api/account`: an account with a password confirms with it; an account that signs in with
 * Google only confirms by having signed in with Google within the last few minutes (no body then).
 */
export const deleteAccountBody = z
  .object({ password: z.string().min(1, 'Enter your password to confirm.').max(128, 'Passwords are at most 128 characters.').optional() })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountAnswer = z.object({ deleted: z.literal(true) });

export const dataExportStates = ['preparing', 'ready', 'expired'] as const;

/** One "Download my data" file, as the Settings page lists it (newest first). */
export const dataExport = z.object({
  id: z.uuid(),
  state: z.enum(dataExportStates),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the file can be downloaded (a ready file), or when it stopped (an expired one). */
  expiresAt: z.string().nullable(),
  /** The file's address while it is ready: the owner's session is still asked for. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;
