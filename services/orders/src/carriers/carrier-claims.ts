import type { LabelCarrier } from '@labeldesk/contracts';
import { carrierPluginOf } from './carrier-plugins';
import type { OrdersEnvWithCarriers } from './carrier-settings';
import type { CarrierClaimDesk } from './plugin/carrier-plugin';

/**
 * The claims desks of the carriers turned on (CARRIERS) whose plugin has one (decision 112), by carrier; a desk that
 * lacks a setting refuses every filing, naming it.
 */
export const carrierClaimDesks = (env: OrdersEnvWithCarriers): ReadonlyMap<LabelCarrier, CarrierClaimDesk> =>
  new Map(
    env.CARRIERS.flatMap((id) => {
      const desk = carrierPluginOf(id).claims?.(env);
      if (!desk) return [];
      const ready: CarrierClaimDesk =
        'missingSetting' in desk
          ? { file: async () => ({ kind: 'refused', message: `claims through ${carrierPluginOf(id).displayName} need ${desk.missingSetting} set by the administrator` }), decide: async () => ({ kind: 'pending' }) }
          : desk;
      return [[id, ready] as const];
    }),
  );
