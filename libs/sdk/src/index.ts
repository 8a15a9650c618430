export * from './client';
export * from './errors';
export * from './paging';
export * from './webhooks';
export type { components, operations, paths, webhooks } from './generated/openapi';
