/** An email about the account itself, handed to the outbox (modules/notifications/account-email.ts). */
export type SendAccountEmail = (email: { userId: string; subject: string; body: string }) => Promise<void>;
