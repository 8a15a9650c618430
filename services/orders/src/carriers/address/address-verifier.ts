import { Inject, Injectable } from '@nestjs/common';
import type { AddressCheckMode, VerifiableAddress, VerifyAddressResponse } from '@labeldesk/contracts';
import { ORDERS_ENV, type OrdersEnv } from '../../config';
import { CARRIER_REGISTRY, type AddressVerification, type CarrierAdapter, type LabelAddress } from '../carrier.port';
import type { CarrierRegistry } from '../registry/carrier-registry';
import { cityWarning } from './city-check';
import { TtlCache } from './ttl-cache';

/** A day: a delivery point rarely changes, and a carrier's quota is per day. */
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 10_000;

const asLabelAddress = (address: VerifiableAddress): LabelAddress => ({
  name: '',
  company: null,
  phone: null,
  street1: address.street1,
  street2: address.street2,
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: 'US',
});

const cacheKey = (address: LabelAddress): string =>
  [address.street1, address.street2 ?? '', address.city, address.state, address.zip].map((part) => part.trim().toUpperCase()).join('|');

/**
 * Asks the first carrier that has an address verification, when ADDRESS_CHECK is `carrier`. Answers (a verdict) are
 * cached per process; a carrier that does not answer is not cached, so the next ask tries again. In every mode but
 * `off` the offline city check adds its warning.
 */
@Injectable()
export class AddressVerifier {
  private readonly cache = new TtlCache<AddressVerification>(CACHE_ENTRIES, CACHE_TTL_MS);
  private readonly mode: AddressCheckMode;
  private readonly carrier: CarrierAdapter | null;

  constructor(@Inject(ORDERS_ENV) env: Pick<OrdersEnv, 'ADDRESS_CHECK'>, @Inject(CARRIER_REGISTRY) registry: Pick<CarrierRegistry, 'ordered'>) {
    this.mode = env.ADDRESS_CHECK;
    this.carrier = registry.ordered.find((carrier) => carrier.verifyAddress !== undefined) ?? null;
  }

  async verify(address: VerifiableAddress): Promise<VerifyAddressResponse> {
    if (this.mode === 'off') return { mode: this.mode, verification: null, warnings: [] };
    const city = await cityWarning(address);
    const warnings = city ? [city] : [];
    if (this.mode !== 'carrier' || !this.carrier?.verifyAddress) return { mode: this.mode, verification: null, warnings };
    const given = asLabelAddress(address);
    const key = cacheKey(given);
    const known = this.cache.get(key);
    const verification = known ?? (await this.carrier.verifyAddress(given).catch(() => null));
    if (verification && !known) this.cache.set(key, verification);
    return { mode: this.mode, verification: verification ? toResult(verification) : null, warnings };
  }
}

const toResult = (verification: AddressVerification): NonNullable<VerifyAddressResponse['verification']> => ({
  verdict: verification.verdict,
  messages: verification.messages,
  suggestion: verification.suggestion
    ? {
        street1: verification.suggestion.street1,
        street2: verification.suggestion.street2,
        city: verification.suggestion.city,
        state: verification.suggestion.state,
        zip: verification.suggestion.zip,
      }
    : null,
});
