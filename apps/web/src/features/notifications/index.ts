// The notifications feature's public entry: the navbar's bell.
export { NotificationBell } from './notification-bell.tsx';
export { notificationsKey } from './api.ts';
