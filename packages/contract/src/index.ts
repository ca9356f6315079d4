export * from './common.ts';
export * from './users.ts';
export * from './catalog.ts';
export * from './bookings.ts';
export * from './wishlist.ts';
export * from './payments.ts';
export * from './admin.ts';
export * from './site.ts';
