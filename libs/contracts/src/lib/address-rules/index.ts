export * from './zip-state';
export * from './zip-state.refine';
