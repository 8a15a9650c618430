export * from './lib/health.module';
export * from './lib/start-service';
export * from './lib/service-module';
