/** Shared helpers with no feature of their own: periodic jobs, USPS Central time, a map with calls in flight limited. */
export { PeriodicTask } from './periodic-task';
export { centralDayOf, centralInstant, nextCentralManifest } from './usps-central-time';
export { mapLimited } from './map-limited';
export { keyModeOf, listedMode } from './key-mode';
