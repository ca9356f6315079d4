/**
 * An email about the account itself, handed to the outbox (modules/notifications/account-email.ts).
 * It goes to the account's address as it is now, or to `to`: a new address being confirmed.
 */
export type SendAccountEmail = (email: { userId: string; subject: string; body: string; to?: string }) => Promise<void>;
