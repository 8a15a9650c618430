import { join } from 'node:path';

/** The server under test; CI starts it, the tests never do. */
export const baseUrl = (): string => {
  const value = process.env['E2E_BASE_URL'];
  if (!value) {
    throw new Error('E2E_BASE_URL is not set: point it at the running app, e.g. E2E_BASE_URL=http://localhost:3000');
  }
  return value.replace(/\/+$/, '');
};

export const appUrl = (path: string): string => `${baseUrl()}${path}`;

export interface Credentials {
  email: string;
  password: string;
}

/** A seeded admin account; the admin flows cannot run without one. */
export const adminCredentials = (): Credentials => {
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
