export * from './common.ts';
export * from './users.ts';
export * from './catalog.ts';
