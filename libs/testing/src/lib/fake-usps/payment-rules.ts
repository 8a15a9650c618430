import type { FakeRole as Role } from './usps-requests';
import type { UspsErrorItem } from './usps-errors';

/** The payer account the fake knows, as a USPS Business Customer Gateway would hold it. */
export interface FakeUspsAccount {
  crid: string;
  mid: string;
  manifestMid: string;
  accountType: 'EPS' | 'PERMIT';
  /** EPS account number, or the permit number of a PERMIT account. */
  accountNumber: string;
  /** Only for PERMIT accounts. */
  permitZip?: string;
}

/**
 * `POST /payments/v3/payment-authorization`'s checks, with the codes of the "Payment" tab of USPS/api-examples
 * `Error Inventory/API Error Consolidated List.xlsx`: PAYER and LABEL_OWNER are required, each with a CRID, a MID and
 * an EPS or PERMIT account; the label owner also names its manifest MID.
 */
export const roleErrors = (roles: readonly Role[]): UspsErrorItem[] => {
  const errors: UspsErrorItem[] = [];
  const names = roles.map((role) => role.roleName);
  if (names.some((name) => name === undefined)) errors.push({ code: '160219', parameter: 'roles', detail: 'Cannot have a role without roleName' });
  if (new Set(names).size !== names.length) errors.push({ code: '160227', parameter: 'roles', detail: 'no duplicate roles allowed' });
  for (const required of ['PAYER', 'LABEL_OWNER'] as const) {
    const role = roles.find((candidate) => candidate.roleName === required);
    if (!role) {
      errors.push({ code: required === 'PAYER' ? '160228' : '160229', parameter: 'roles', detail: `${required} is required` });
      continue;
    }
    if (!role.CRID) errors.push({ code: '160218', parameter: 'roles', detail: `${required} requires CRID` });
    if (!role.MID) errors.push({ code: '160221', parameter: 'roles', detail: `${required} requires MID` });
    if (required === 'LABEL_OWNER' && !role.manifestMID) errors.push({ code: '160222', parameter: 'roles', detail: `${required} requires manifestMID` });
    if (!role.accountType) errors.push({ code: '160223', parameter: 'roles', detail: `${required} requires accountType` });
    else if (role.accountType !== 'EPS' && role.accountType !== 'PERMIT') errors.push({ code: '160220', parameter: 'roles', detail: `${required} requires accountType of PERMIT or EPS` });
    else if (role.accountType === 'EPS' && !role.accountNumber) errors.push({ code: '160224', parameter: 'roles', detail: `${required} requires accountNumber when accountType is EPS` });
    else if (role.accountType === 'PERMIT' && !role.permitNumber) errors.push({ code: '160225', parameter: 'roles', detail: `${required} requires permitNumber when accountType is PERMIT` });
    else if (role.accountType === 'PERMIT' && !role.permitZIP) errors.push({ code: '160226', parameter: 'roles', detail: `${required} requires permitZipCode when accountType is PERMIT` });
  }
  return errors;
};

/** Whether the payer's account is the one this fake holds (USPS answers an unknown EPS number with 100001). */
export const accountErrors = (roles: readonly Role[], account: FakeUspsAccount): UspsErrorItem[] => {
  const payer = roles.find((role) => role.roleName === 'PAYER');
  const number = payer?.accountType === 'PERMIT' ? payer.permitNumber : payer?.accountNumber;
  if (payer?.accountType !== account.accountType || number !== account.accountNumber) {
    return [{ code: '100001', parameter: 'roles', detail: `Could not find an ${payer?.accountType ?? 'EPS'} Account with number: ${number ?? ''}.` }];
  }
  if (account.accountType === 'PERMIT' && payer.permitZIP !== account.permitZip) {
    return [{ code: '100001', parameter: 'roles', detail: `Could not find a PERMIT Account with number: ${number} at ZIP ${payer.permitZIP ?? ''}.` }];
  }
  return [];
};

/** CRID and MIDs that are not this account's: the token is refused as access denied. */
export const ownsRoles = (roles: readonly Role[], account: FakeUspsAccount): boolean =>
  roles
    .filter((role) => role.roleName === 'PAYER' || role.roleName === 'LABEL_OWNER')
    .every((role) => role.CRID === account.crid && role.MID === account.mid && (role.roleName !== 'LABEL_OWNER' || role.manifestMID === account.manifestMid));
