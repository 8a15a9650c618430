export * from './lib/env';
export * from './lib/logger';
export * from './lib/run-until-signal';
export * from './lib/correlation';
export * from './lib/metrics';
export * from './lib/worker-thread';
export * from './lib/idle-collector';
export * from './lib/sealed-text';
