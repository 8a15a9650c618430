/** Shared helpers with no feature of their own: periodic jobs and USPS Central time. */
export { PeriodicTask } from './periodic-task';
export { centralDayOf, centralInstant, nextCentralManifest } from './usps-central-time';
