// The two-factor feature's light entry: where an account stands, for the guard every admin page
// passes. The main entry (index.ts) also carries the Settings section and the QR code library.
export { useTwoFactorStatus } from './api.ts';
