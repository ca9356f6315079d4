// The payouts feature's public entry: what other features may use of it.
export { PlatformFeeNote } from './platform-fee.tsx';
