import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { ExtraServices } from '@labeldesk/contracts';
import { insuranceFeeCents, priceExtras } from './extra-services-pricing';

/** Priced where labels are bought from the sandbox, the one carrier here that sells the extras. */
const priceExtrasHere = (uid: string, name: string, extras: ExtraServices) => priceExtras(uid, name, extras, ['sandbox']);

const refusalOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('extra services pricing', () => {
  it.each([
    [1, 100],
    [9_999, 100],
    [10_000, 100],
    [10_001, 101],
    [25_000, 250],
    [24_950, 250],
    [500_000, 5_000],
  ])('insures a declared value of %i cents for %i cents (1 %%, rounded up to the cent, at least $1.00)', (declared, fee) => {
    expect(insuranceFeeCents(declared)).toBe(fee);
  });

  it('prices insurance and a signature on USPS Priority Mail in exact cents', () => {
    expect(priceExtrasHere('usps_priority', 'USPS Priority Mail', { insurance: { declared_value_cents: 25_000 }, signature: 'signature' })).toEqual({
      declaredValueCents: 25_000,
      insuranceCents: 250,
      signature: 'signature',
      signatureCents: 365,
    });
    expect(priceExtrasHere('usps_ground_advantage', 'USPS Ground Advantage', { signature: 'adult' })).toEqual({ declaredValueCents: null, insuranceCents: 0, signature: 'adult', signatureCents: 925 });
  });

  it('prices UPS and FedEx signatures at their delivery confirmation fees', () => {
    expect(priceExtrasHere('ups_ground', 'UPS Ground', { signature: 'signature' }).signatureCents).toBe(690);
    expect(priceExtrasHere('fedex_2_day', 'FedEx 2Day', { signature: 'adult' }).signatureCents).toBe(820);
  });

  it('charges nothing for no extras and for signature none', () => {
    expect(priceExtrasHere('usps_priority', 'USPS Priority Mail', {})).toEqual({ declaredValueCents: null, insuranceCents: 0, signature: 'none', signatureCents: 0 });
    expect(priceExtrasHere('dhl_express_worldwide', 'DHL Express Worldwide', { signature: 'none' }).signatureCents).toBe(0);
  });

  it('refuses signature confirmation on Priority Mail Express, saying it is signed for already, and sells adult signature on it', () => {
    const refusal = refusalOf(() => priceExtrasHere('usps_priority_express', 'USPS Priority Mail Express', { signature: 'signature' }));
    expect(refusal.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(refusal.message).toBe('USPS Priority Mail Express is signed for at delivery already; signature confirmation is not sold with it (choose adult signature or none)');
    expect(refusal.issues).toEqual([{ path: 'signature', message: refusal.message }]);
    expect(priceExtrasHere('usps_priority_express', 'USPS Priority Mail Express', { signature: 'adult' }).signatureCents).toBe(925);
  });

  it('refuses a signature and insurance on a service sold abroad only, naming the service', () => {
    expect(refusalOf(() => priceExtrasHere('dhl_express_worldwide', 'DHL Express Worldwide', { signature: 'adult' })).message).toBe(
      'DHL Express Worldwide does not offer adult signature here: choose no signature or a USPS, UPS or FedEx service at home',
    );
    expect(refusalOf(() => priceExtrasHere('dhl_express_worldwide', 'DHL Express Worldwide', { insurance: { declared_value_cents: 5_000 } })).message).toBe(
      'DHL Express Worldwide cannot be insured here: insurance is sold on US domestic labels only',
    );
  });

  it('refuses insurance and signatures where labels are bought through a carrier that does not pass them on, naming it', () => {
    expect(refusalOf(() => priceExtras('usps_priority', 'USPS Priority Mail', { insurance: { declared_value_cents: 5_000 } }, ['easypost', 'usps'])).issues).toEqual([
      { path: 'insurance', message: 'Insurance and signatures are not sold on labels bought through usps here yet: buy this label without them' },
    ]);
    expect(refusalOf(() => priceExtras('usps_priority', 'USPS Priority Mail', { signature: 'adult' }, ['usps'])).issues?.[0]?.path).toBe('signature');
    expect(priceExtras('usps_priority', 'USPS Priority Mail', {}, ['easypost'])).toEqual({ declaredValueCents: null, insuranceCents: 0, signature: 'none', signatureCents: 0 });
    // EasyPost passes them on (decision 112): sold through it alone.
    expect(priceExtras('usps_priority', 'USPS Priority Mail', { insurance: { declared_value_cents: 20_000 }, signature: 'adult' }, ['easypost'])).toEqual({ declaredValueCents: 20_000, insuranceCents: 200, signature: 'adult', signatureCents: 925 });
  });
});
