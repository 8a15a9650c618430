/** What other features may use of the label lifecycle: the module and the void states SCAN forms plan around. */
export { LifecycleModule } from './lifecycle.module';
export { type VoidState } from './label-state';
export { type LabelKind } from './label-voids.repository';
