import { servicesResponseSchema, type PriceTier, type Service } from '@labeldesk/contracts';
import { loginThroughApi } from './accounts';
import { apiCall } from './bulk-api';
import { adminCredentials } from './env';

/** The admin's calls on the default services, through the API (the admin-services spec drives the page itself). */

const ok = (answer: { status: number; body: unknown }, what: string): unknown => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
};

/** "Sync with Raw Services": the carriers' shipping services become default services; answers them all. */
export const syncDefaultServices = async (): Promise<Service[]> => {
  const { token } = await loginThroughApi(adminCredentials());
  return servicesResponseSchema.parse(ok(await apiCall('/api/defaultServices/sync', { method: 'POST', token }), 'sync default services'));
};

/** The admin gives a default service its weight tiers and offers it to customers. */
export const priceAndOffer = async (service: Service, prices: PriceTier[]): Promise<void> => {
  const { token } = await loginThroughApi(adminCredentials());
  ok(await apiCall(`/api/defaultServices/${service._id}/prices`, { method: 'PUT', token, body: { prices } }), `price ${service.name}`);
  ok(await apiCall(`/api/defaultServices/${service._id}/toggle`, { method: 'PATCH', token, body: { enabled: true } }), `offer ${service.name}`);
};

/** Syncs the carriers' services and prices and offers the one named (a system of a spec's own sells nothing until then). */
export const syncAndOffer = async (name: string, prices: PriceTier[]): Promise<void> => {
  const service = (await syncDefaultServices()).find((candidate) => candidate.name === name);
  if (!service) throw new Error(`the sync brought no ${name}`);
  await priceAndOffer(service, prices);
};
