export * from './lib/env';
export * from './lib/logger';
