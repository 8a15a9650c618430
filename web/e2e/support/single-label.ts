import { appUrl } from './env';

const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Lou Login', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

/** Buys one label with this session token, through the API the Order Label page uses; answers its order id. */
export const buyLabelWith = async (token: string): Promise<string> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': `single-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify(ORDER),
  });
  const body = (await response.json()) as { data?: { orderId?: string } };
  if (response.status !== 200 || !body.data?.orderId) throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return body.data.orderId;
};
