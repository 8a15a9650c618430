import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { appUrl } from './env';
import type { Credentials } from './env';

export interface Customer extends Credentials {
  name: string;
}

/** A customer nobody has used before: timestamp plus random, so reruns and parallel CI jobs never collide. */
export const newCustomer = (): Customer => {
  const unique = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  return { name: `E2E Customer ${unique}`, email: `e2e-${unique}@example.com`, password: `Pw-${unique}` };
};

interface SessionBody {
  token: string;
  user: { referralCode: string; user_role: string };
}

const postJson = async (path: string, body: unknown): Promise<SessionBody> => {
  const response = await fetch(appUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SessionBody;
};

/** Logs in through the API (no browser), e.g. to read the admin's referral code. */
export const loginThroughApi = (credentials: Credentials): Promise<SessionBody> => postJson('/api/auth/login', credentials);

/** Creates a customer through the API, for flows that are not about registering. */
export const registerThroughApi = (customer: Customer): Promise<SessionBody> =>
  postJson('/api/auth/register', { ...customer, confirmPassword: customer.password });

export const fillRegisterForm = async (page: Page, customer: Customer): Promise<void> => {
  await page.getByLabel('Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(customer.password);
};

export const loginThroughUi = async (page: Page, credentials: Credentials): Promise<void> => {
  await page.goto(appUrl('/login'));
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
};
