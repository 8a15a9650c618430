export * from './zip-state';
export * from './zip-state.refine';
export * from './address-verification.schema';
export * from './zip-leading-zeros';
export * from './countries';
export * from './country-address.refine';
