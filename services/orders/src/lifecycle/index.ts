/** What other features may use of the label lifecycle: the module, the void states SCAN forms plan around, and the buyers' tracking links tracking e-mails carry. */
export { LifecycleModule } from './lifecycle.module';
export { type VoidState } from './label-state';
export { LabelVoidsRepository, type LabelKind } from './label-voids.repository';
export { ShownTracking } from './shown-tracking';
export { TrackingLinksRepository } from './tracking-links.repository';
