import { addDays, centralDate } from './central-time';
import type { FakeLabelRequest } from './usps-requests';
import type { UspsErrorItem } from './usps-errors';

/**
 * The rules USPS states in descriptions rather than in the schema, checked after it, with the codes and texts of
 * USPS/api-examples `Error Inventory/API Error Consolidated List.xlsx` ("Domestic Labels Outbound"). Two addresses are
 * undeliverable on purpose, so tests can ask for a refused label: ZIP `00000` and a street starting "000 Undeliverable".
 */
type LabelAddress = FakeLabelRequest['toAddress'];

const namesOrFirm = (address: LabelAddress): boolean => Boolean((address.firstName && address.lastName) || address.firm);

const addressErrors = (parameter: string, address: LabelAddress): UspsErrorItem[] => {
  const errors: UspsErrorItem[] = [];
  if (!namesOrFirm(address)) errors.push({ code: '160075', parameter, detail: 'firstName and lastName or firm name are required' });
  if (address.ZIPCode === '00000') errors.push({ code: '160119', parameter: `${parameter}.ZIPCode`, detail: 'ZIP Code is not valid' });
  if (/^000 undeliverable/i.test(address.streetAddress ?? '')) errors.push({ code: '010005', parameter, detail: 'Address Not Found' });
  return errors;
};

/** Street, city, state and ZIP of the recipient: optional in the schema only for parcel-locker deliveries. */
const deliveryAddressErrors = (to: LabelAddress): UspsErrorItem[] =>
  to.parcelLockerDelivery
    ? []
    : (['streetAddress', 'city', 'state', 'ZIPCode'] as const)
        .filter((field) => to[field] === undefined)
        .map((field) => ({ code: 'SCHEMA', parameter: `toAddress.${field}`, detail: `toAddress.${field} must not be null` }));

export const labelRuleErrors = (request: FakeLabelRequest, now: Date): UspsErrorItem[] => {
  const pkg = request.packageDescription;
  const errors: UspsErrorItem[] = [...deliveryAddressErrors(request.toAddress), ...addressErrors('toAddress', request.toAddress), ...addressErrors('fromAddress', request.fromAddress)];
  if (request.senderAddress) errors.push(...addressErrors('senderAddress', request.senderAddress));
  if (request.returnAddress) errors.push(...addressErrors('returnAddress', request.returnAddress));

  if (pkg.shipperVisibilityMethod === 'SENDER_INFORMATION') {
    const sender = request.senderAddress;
    if (!sender?.phone || !sender.email || !sender.platformUserId) {
      errors.push({
        code: '160275',
        parameter: 'senderAddress, packageDescription.shipperVisibilityMethod',
        detail: "senderAddress with phone, email, and platformUserId is required for packageDescription.shipperVisibilityMethod 'SENDER_INFORMATION'",
      });
    }
  }
  if (pkg.weight > 70) {
    errors.push({ code: '160098', parameter: 'packageDescription.weight, packageDescription.mailClass', detail: 'Weight should be greater than 0 LB and should not exceed 70 LB' });
  }
  // The YAML allows today plus 0 to 7 days, in the origin's local time; one day of slack covers the zones west of Central.
  const mailingDay = pkg.mailingDate.slice(0, 10);
  const today = centralDate(now);
  if (mailingDay < addDays(today, -1) || mailingDay > addDays(today, 7)) {
    errors.push({ code: '160001', parameter: 'packageDescription.mailingDate', detail: 'cannot be in the past or more than 7 days in the future' });
  }
  if (pkg.destinationEntryFacilityType !== 'NONE' && !pkg.destinationEntryFacilityAddress) {
    errors.push({ code: '160093', parameter: 'packageDescription.destinationEntryFacilityAddress', detail: 'destinationEntryFacilityAddress is required unless destinationEntryFacilityType is NONE' });
  }
  if (pkg.processingCategory === 'FLATS' && pkg.mailClass === 'USPS_GROUND_ADVANTAGE') {
    errors.push({ code: '160388', parameter: 'processingCategory/mailClass', detail: "'FLATS' is not valid for mailClass 'USPS_GROUND_ADVANTAGE'" });
  }
  if (pkg.processingCategory === 'LETTERS' && pkg.mailClass !== 'PRIORITY_MAIL' && pkg.mailClass !== 'PRIORITY_MAIL_EXPRESS') {
    errors.push({ code: '160020', parameter: 'processingCategory/mailClass', detail: "'LETTERS' is only valid for mailClass 'PRIORITY_MAIL' and 'PRIORITY_MAIL_EXPRESS'" });
  }
  if (request.customsForm) errors.push({ code: '160069', parameter: 'customsForm', detail: `customsForm is not necessary for mail class ${pkg.mailClass}` });
  return errors;
};
