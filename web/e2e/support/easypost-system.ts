import { FakeEasyPostServer, startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { testAgainstOwnSystem } from './env';

/** Which of CI's two browser runs this is (.ci/run sets E2E_MODE): a spec that starts its own system starts this kind. */
export type E2eMode = 'embedded' | 'distributed';

export const e2eMode = (): E2eMode => {
  const mode = process.env['E2E_MODE'] || 'embedded';
  if (mode !== 'embedded' && mode !== 'distributed') throw new Error(`E2E_MODE must be "embedded" or "distributed", got "${mode}"`);
  return mode;
};

export interface EasyPostSystem {
  mode: E2eMode;
  /** The EasyPost the system buys from, in this test process: it counts the labels it sold. */
  fake: FakeEasyPostServer;
  system: RunningSystem;
  stop(): Promise<void>;
}

/**
 * A system of this spec's own that buys its labels through EasyPost (the fake), in E2E_MODE's mode, with every
 * helper pointed at it. The system CI started at E2E_BASE_URL sells sandbox samples, and a carrier is chosen when
 * orders starts, so a spec about real postage cannot use it.
 */
export const startEasyPostSystem = async (): Promise<EasyPostSystem> => {
  const mode = e2eMode();
  const fake = new FakeEasyPostServer();
  await fake.start();
  const carrier = { CARRIERS: 'easypost', EASYPOST_API_KEY: fake.apiKey, EASYPOST_API_URL: fake.url };
  let system: RunningSystem;
  try {
    system = mode === 'distributed' ? await startDistributed({}, { ordersEnv: carrier }) : await startEmbedded(carrier);
  } catch (error) {
    await fake.stop();
    throw error;
  }
  testAgainstOwnSystem({ baseUrl: system.baseUrl, admin: { email: system.adminEmail, password: system.adminPassword } });
  return {
    mode,
    fake,
    system,
    stop: async () => {
      testAgainstOwnSystem(undefined);
      await system.stop();
      await fake.stop();
    },
  };
};

/** The tracking codes of the labels the fake sold, in the order it sold them (read from its bought shipments). */
export const trackingCodesSold = (fake: FakeEasyPostServer): string[] =>
  fake.requests.flatMap(({ method, path }) => {
    const bought = method === 'POST' ? /^\/v2\/shipments\/([^/]+)\/buy$/.exec(path) : null;
    const code = bought?.[1] ? fake.shipment(bought[1])?.['tracking_code'] : undefined;
    return typeof code === 'string' ? [code] : [];
  });
