// The messages feature's public entry: what other features and the app shell use of it.
export { flaggedMessagesQuery } from './api.ts';
export { MessageSellerButton } from './message-seller.tsx';
export { UnreadBadge, UnreadMessagesLink } from './unread-badge.tsx';
export { useLiveMessages } from './use-live-messages.ts';
