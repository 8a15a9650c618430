import { join } from 'node:path';

export interface Credentials {
  email: string;
  password: string;
}

/** A system a spec started for itself, with the admin it seeded. */
export interface OwnSystem {
  baseUrl: string;
  admin: Credentials;
}

// Jest gives each spec file its own copy of this module, so a spec's own system never leaks into another spec.
let ownSystem: OwnSystem | undefined;

/**
 * The server under test: the one CI starts (E2E_BASE_URL), unless a spec started its own (testAgainstOwnSystem),
 * e.g. one buying from another carrier.
 */
export const baseUrl = (): string => {
  if (ownSystem) return ownSystem.baseUrl;
  const value = process.env['E2E_BASE_URL'];
  if (!value) {
    throw new Error('E2E_BASE_URL is not set: point it at the running app, e.g. E2E_BASE_URL=http://localhost:3000');
  }
  return value.replace(/\/+$/, '');
};

export const appUrl = (path: string): string => `${baseUrl()}${path}`;

/** Points every helper (URLs, the admin's sign-in) at a system the spec started; `undefined` points them back. */
export const testAgainstOwnSystem = (system: OwnSystem | undefined): void => {
  ownSystem = system ? { baseUrl: system.baseUrl.replace(/\/+$/, ''), admin: system.admin } : undefined;
};

/** A seeded admin account; the admin flows cannot run without one. */
export const adminCredentials = (): Credentials => {
  if (ownSystem) return ownSystem.admin;
  const email = process.env['E2E_ADMIN_EMAIL'];
  const password = process.env['E2E_ADMIN_PASSWORD'];
  if (!email || !password) {
    throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD must name a seeded admin account for the admin flows');
  }
  return { email, password };
};

/**
 * Where the final state of each flow is saved for people to look at (git-ignored). E2E_SCREENSHOT_DIR gives each run its
 * own folder, so two runs side by side (CI's two modes) never write the same file at once.
 */
export const screenshotDir = (): string => process.env['E2E_SCREENSHOT_DIR'] ?? join(__dirname, '..', 'screenshots');
