import type { Locator, Page } from 'playwright-core';
import { loginThroughApi, newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { adminCredentials, appUrl } from './support/env';

const INVALID_RANGES = 'Invalid price ranges. Please ensure ranges are continuous from 1 to max weight without gaps or overlaps.';

interface Tier {
  fromWeight: number;
  toWeight: number;
  price: number;
}
interface Service {
  _id: string;
  uid: string;
  name: string;
  enabled: boolean;
  prices: Tier[];
}

const api = async <T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const response = await fetch(appUrl(path), {
    method,
    headers: { 'Content-Type': 'application/json', token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

const adminToken = async (): Promise<string> => (await loginThroughApi(adminCredentials())).token;

const signInAsAdmin = async (page: Page): Promise<void> => {
  await openSignedIn(page, adminCredentials());
};

const shoot = async (page: Page, name: string): Promise<void> => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

const tierInput = (card: Locator, label: 'From (lb)' | 'To (lb)' | 'Price ($)', range: number): Locator =>
  card.getByRole('spinbutton', { name: `${label}, range ${range}`, exact: true });

/** Ground Advantage: the default the other browser tests never buy with, so changing it disturbs none of them. */
const GROUND = 'usps_ground_advantage';

describe('Admin service configuration', () => {
  const currentPage = useBrowserPage();
  let page: Page;
  let originalGround: Service | undefined;

  beforeAll(async () => {
    const defaults = await api<Service[]>('GET', '/api/defaultServices', await adminToken());
    originalGround = defaults.body.find((service) => service.uid === GROUND);
  });

  afterAll(async () => {
    // Put the default back as it was, so reruns and the other specs start from the same prices.
    if (originalGround) await api('PUT', `/api/defaultServices/${originalGround._id}/prices`, await adminToken(), { prices: originalGround.prices });
  });

  beforeEach(() => {
    page = currentPage();
  });

  it('shows 4 placeholder cards per row while the services load', async () => {
    await signInAsAdmin(page);
    // Both lists are held until the placeholders have been counted and shot: they show for as long as the test looks,
    // however slow the machine (a fixed delay could end before the count on a busy one).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/{defaultServices,rawServices}', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(appUrl('/admin/default-services'));
    await page.getByRole('status', { name: 'Loading Default Service Configuration' }).waitFor();
    await page.getByRole('status', { name: 'Loading Original Service Data' }).waitFor();
    expect(await page.getByRole('status', { name: 'Loading Default Service Configuration' }).getByTestId('service-card-skeleton').count()).toBe(4);
    expect(await page.getByRole('status', { name: 'Loading Original Service Data' }).getByTestId('service-card-skeleton').count()).toBe(4);
    await saveScreenshot(page, 'admin-services-loading-1280');
    answer();
    await page.getByRole('region', { name: 'Default Service Configuration cards' }).waitFor();
  });

  it("refuses default price ranges with a gap with the spec's alert and saves nothing; a valid change is saved and survives a reload", async () => {
    if (!originalGround) throw new Error('the sandbox has no Ground Advantage default');
    const [first, second] = originalGround.prices;
    if (!first || !second) throw new Error('Ground Advantage needs two tiers for this test');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/defaultServices/')) puts.push(request.url());
    });

    await signInAsAdmin(page);
    await page.goto(appUrl('/admin/default-services'));
    await page.getByRole('region', { name: 'Original Service Data cards' }).getByRole('article', { name: originalGround.name, exact: true }).waitFor();
    const card = page.getByRole('region', { name: 'Default Service Configuration cards' }).getByRole('article', { name: originalGround.name, exact: true });
    await tierInput(card, 'From (lb)', 1).waitFor();

    // The first range now ends a pound earlier: the pound after it is in no range.
    const newEnd = first.toWeight - 1;
    await tierInput(card, 'To (lb)', 1).fill(String(newEnd));
    await card.getByRole('button', { name: 'Save Prices' }).click();
    await card.getByRole('alert').filter({ hasText: INVALID_RANGES }).waitFor();
    await shoot(page, 'admin-services-invalid-range');
    expect(puts).toEqual([]);
    const unchanged = await api<Service[]>('GET', '/api/defaultServices', await adminToken());
    expect(unchanged.body.find((service) => service.uid === GROUND)?.prices).toEqual(originalGround.prices);

    // Closing the gap clears the alert as it is typed; the new price is sent as whole cents.
    await tierInput(card, 'From (lb)', 2).fill(String(newEnd + 1));
    await card.getByRole('alert').waitFor({ state: 'detached' });
    await tierInput(card, 'Price ($)', 1).fill('6.1');
    await card.getByRole('button', { name: 'Save Prices' }).click();
    await page.getByText('Service prices updated successfully').first().waitFor();
    expect(puts).toHaveLength(1);

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Default Service Configuration cards' }).getByRole('article', { name: originalGround.name, exact: true });
    await tierInput(reloaded, 'To (lb)', 1).waitFor();
    expect(await tierInput(reloaded, 'To (lb)', 1).inputValue()).toBe(String(newEnd));
    expect(await tierInput(reloaded, 'From (lb)', 2).inputValue()).toBe(String(newEnd + 1));
    expect(await tierInput(reloaded, 'Price ($)', 1).inputValue()).toBe('6.10');
    const saved = await api<Service[]>('GET', '/api/defaultServices', await adminToken());
    expect(saved.body.find((service) => service.uid === GROUND)?.prices.slice(0, 2)).toEqual([
      { fromWeight: 1, toWeight: newEnd, price: 610 },
      { fromWeight: newEnd + 1, toWeight: second.toWeight, price: second.price },
    ]);
  });

  it('scrolls a card row by mouse drag at twice the pointer movement, and still by keyboard and wheel', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signInAsAdmin(page);
    await page.goto(appUrl('/admin/default-services'));
    const row = page.getByRole('region', { name: 'Original Service Data cards' });
    await row.getByRole('article').first().waitFor();
    const scrollLeft = () => row.evaluate((element) => element.scrollLeft);
    const box = await row.boundingBox();
    if (!box) throw new Error('the row has no box');
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(120);

    // Pressed on a card's heading (nothing to click there), dragged 60 px to the left.
    const x = box.x + box.width / 2;
    const y = box.y + 24;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y, { steps: 6 });
    await page.mouse.up();
    expect(await scrollLeft()).toBe(120);

    await row.evaluate((element) => {
      element.scrollLeft = 0;
    });
    await row.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((element) => element !== null && element.scrollLeft > 0, await row.elementHandle());

    await row.evaluate((element) => {
      element.scrollLeft = 0;
    });
    await page.mouse.move(x, y);
    await page.mouse.wheel(80, 0);
    await page.waitForFunction((element) => element !== null && element.scrollLeft > 0, await row.elementHandle());
  });

  it("edits a user's own tier, name and status in the services overlay, and the user is quoted and offered accordingly", async () => {
    const customer = newCustomer();
    const session = (await registerThroughApi(customer)) as unknown as { token: string; user: { _id: string } };
    const userId = session.user._id;

    await signInAsAdmin(page);
    await page.goto(appUrl('/admin/user-management'));
    await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
    await page.getByRole('button', { name: `Services of ${customer.name}` }).click();
    const overlay = page.getByRole('dialog', { name: `Services of ${customer.name}` });
    const card = overlay.getByRole('region', { name: 'User Services cards' }).getByRole('article', { name: 'USPS Priority Mail', exact: true });
    await tierInput(card, 'Price ($)', 1).waitFor();
    await overlay.getByRole('region', { name: 'Default Services cards' }).getByRole('article').first().waitFor();
    await shoot(page, 'admin-services-user-overlay');

    await tierInput(card, 'Price ($)', 1).fill('7.25');
    await card.getByRole('button', { name: 'Save Prices' }).click();
    await page.getByText('Service prices updated successfully').first().waitFor();
    const quote = await api<{ totalPrice: number }>('POST', '/api/orders/price/v2/bulk', session.token, {
      userId,
      shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: 3 } }],
    });
    expect(quote.body.totalPrice).toBe(725);

    await card.getByRole('button', { name: 'Edit name of USPS Priority Mail' }).click();
    await card.getByRole('textbox', { name: 'Service name' }).fill('  ');
    await card.getByText('Service name cannot be empty').waitFor();
    await card.getByRole('textbox', { name: 'Service name' }).fill('Priority for E2E');
    await card.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Service name updated successfully').first().waitFor();
    const renamed = overlay.getByRole('region', { name: 'User Services cards' }).getByRole('article', { name: 'Priority for E2E', exact: true });
    await renamed.waitFor();

    await renamed.locator('[data-scope="switch"][data-part="control"]').click();
    await page.getByText('Service disabled successfully').first().waitFor();
    const available = await api<Array<{ name: string }>>('GET', `/api/userServices/${userId}/available`, session.token);
    expect(available.body.map((service) => service.name)).not.toContain('Priority for E2E');
    await renamed.locator('[data-scope="switch"][data-part="control"]').click();
    await page.getByText('Service enabled successfully').first().waitFor();
    const again = await api<Array<{ name: string }>>('GET', `/api/userServices/${userId}/available`, session.token);
    expect(again.body.map((service) => service.name)).toContain('Priority for E2E');
  });

  it('shows both rows of the default services page', async () => {
    await signInAsAdmin(page);
    await page.goto(appUrl('/admin/default-services'));
    await page.getByRole('region', { name: 'Default Service Configuration cards' }).getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Sync with Raw Services' }).click();
    await page.getByText('Services synchronized successfully').first().waitFor();
    await shoot(page, 'admin-services-default-page');
  });
});
