// The two-factor feature's public entry: what other features may use of it.
export { TwoFactorSettings } from './two-factor-settings.tsx';
export { useTwoFactorStatus } from './api.ts';
