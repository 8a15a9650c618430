/** Return labels (decision 101): the module, and its poller for tests that run a round. */
export { ReturnsModule } from './returns.module';
export { ReturnScanPoller } from './return-scan-poller';
