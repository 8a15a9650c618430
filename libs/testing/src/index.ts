// Test support only: started systems (from the builds) and fakes of outside servers. Never imported by app code.
export * from './lib/system';
export * from './lib/nats-certificates';
export * from './lib/recording-relay';
export * from './lib/fake-btcpay.server';
export * from './lib/mail-catcher';
export * from './lib/fake-easypost.server';
export * from './lib/fake-easypost/recorded';
export * from './lib/fake-easypost/replay';
export * from './lib/fake-usps.server';
export * from './lib/openapi/openapi-validator';
export * from './lib/scripted-http';
export * from './lib/pglite-template';
export * from './lib/embedded-test-database';
export * from './lib/pdf-text';
export * from './lib/fake-woocommerce.server';
export * from './lib/fake-amazon.server';
