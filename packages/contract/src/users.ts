import { z } from 'zod';
import { signUpRoles, type Role } from './constants.ts';

export const signUpRole = z.enum(signUpRoles);

/** `POST /users`, kept for the first client (docs/product.md, "The API's compatible shapes"). */
export const userRecordBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.string().trim().toLowerCase().pipe(z.email()),
    photo: z.string().trim().max(2048).optional(),
    role: signUpRole,
  })
  .strict();
export type UserRecordBody = z.infer<typeof userRecordBody>;

export const isAdminAnswer = z.object({ isAdmin: z.boolean() });
export const isSellerAnswer = z.object({ isSeller: z.boolean(), isVerified: z.boolean() });
export const isBuyerAnswer = z.object({ isBuyer: z.boolean() });

/** The signed-in user as `GET /api/auth/get-session` returns it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role: Role;
  verified: boolean;
  /** The person opened the link sent to their email (or Google vouched for it); until then no other email goes there. */
  emailVerified: boolean;
  /** The time zone (IANA) and locale (BCP 47) the person reads dates in (Settings, or the browser's, taken once); null: not known yet. */
  timeZone?: string | null;
  locale?: string | null;
}

export type IsAdminAnswer = z.infer<typeof isAdminAnswer>;
export type IsSellerAnswer = z.infer<typeof isSellerAnswer>;
export type IsBuyerAnswer = z.infer<typeof isBuyerAnswer>;
