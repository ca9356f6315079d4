// The auth feature's public entry: what other features may use of it.
export { useAuth } from './auth-context.ts';
export { roleQuery, useRole } from './use-role.ts';
export { ConfirmEmailBanner, ConfirmEmailNotice, useUnconfirmedEmail } from './email-confirmation.tsx';
export { confirmPasswordRules, newPasswordRules } from './auth-card.tsx';
export { useAskToSignIn } from './sign-in-dialog.tsx';
export { signInPath, useNextAction, type NextAction } from './return-path.ts';
