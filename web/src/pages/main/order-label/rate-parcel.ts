import { ratesBodySchema } from '@labeldesk/contracts';
import type { OrderFormValues, PartyPrefix } from '../../../services/orders/create-order';
import type { RateParcel } from '../../../services/rates/compare-rates';

const parcelSchema = ratesBodySchema.omit({ userId: true });

/** What a rate depends on of a party: who and where. Phone, company and street 2 change no price, so typing them asks nothing. */
const partyOf = (values: OrderFormValues, prefix: PartyPrefix) => ({
  [`${prefix}_name`]: values[`${prefix}_name`],
  [`${prefix}_address1`]: values[`${prefix}_address1`],
  [`${prefix}_city`]: values[`${prefix}_city`],
  [`${prefix}_state_province`]: values[`${prefix}_state_province`],
  [`${prefix}_zip_postal`]: values[`${prefix}_zip_postal`],
  [`${prefix}_country`]: values[`${prefix}_country`],
});

/**
 * The parcel to compare rates for, checked by the rates contract itself, or null while the sender, the receiver or the
 * package's size and weight is missing or invalid. The service is not part of it: choosing one must not ask again.
 */
export const rateParcelOf = (values: OrderFormValues): RateParcel | null => {
  const parsed = parcelSchema.safeParse({
    sender: partyOf(values, 'sender'),
    receiver: partyOf(values, 'receiver'),
    package: {
      package_length: values.package_length,
      package_width: values.package_width,
      package_height: values.package_height,
      package_weight: values.package_weight,
    },
  });
  return parsed.success ? parsed.data : null;
};
