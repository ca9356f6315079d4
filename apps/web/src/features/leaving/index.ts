// The leaving feature's public entry: the Settings page's "Your data" and "Delete account" sections.
export { YourDataSection } from './your-data-section.tsx';
export { DeleteAccountSection } from './delete-account-section.tsx';
