import type { StoreHttp } from '../../src/stores/http/store-http';
import type { ImportedOrder, StoreAccount, StorePlugin } from '../../src/stores/plugin/store-plugin';

/** Every page of a plugin's import read: the orders, and the last cursor it gave. */
export const importAllFrom = async (
  plugin: Pick<StorePlugin, 'importOrders'>,
  account: StoreAccount,
  cursor: string | null,
  http: StoreHttp,
  settings: Readonly<Record<string, unknown>> = {},
): Promise<{ orders: ImportedOrder[]; cursor: string | null }> => {
  const orders: ImportedOrder[] = [];
  let last: string | null = null;
  for await (const page of plugin.importOrders(account, cursor, http, settings)) {
    orders.push(...page.orders);
    last = page.cursor ?? last;
  }
  return { orders, cursor: last };
};

/** The multi-item order's buyer the store plugins' specs ship to (each fake fills phone and e-mail its own way). */
export const ANN_LEE = { name: 'Ann Lee', line1: '1 Main St', line2: 'Apt 2', city: 'Austin', state: 'TX', zip: '78701' } as const;

/** Ann Lee as an imported order's receiver, with the phone and e-mail the store gave. */
export const annLeeReceiver = (phone: string | null, email: string | null) => ({
  receiver_name: ANN_LEE.name,
  receiver_company: null,
  receiver_phone: phone,
  receiver_address1: ANN_LEE.line1,
  receiver_address2: ANN_LEE.line2,
  receiver_city: ANN_LEE.city,
  receiver_state_province: ANN_LEE.state,
  receiver_zip_postal: ANN_LEE.zip,
  receiver_country: 'US',
  receiver_email: email,
});
