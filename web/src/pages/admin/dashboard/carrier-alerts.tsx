import { Alert, Stack } from '@chakra-ui/react';
import { UNREADABLE_ANSWER_ALERT_DAYS, type CarrierAlert } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../libs/format';

/** What the admin is asked to do about each kind of trouble. */
const ADVICE: Record<CarrierAlert['reason'], (name: string) => string> = {
  upstream_funds: (name) => `Batches buying from ${name} are paused and single labels are refused (customers are not charged). Add funds to the ${name} account: buying resumes by itself.`,
  unavailable: (name) => `${name} stopped answering, so labels are bought from the next carrier if there is one; otherwise they wait. Nothing is bought twice.`,
  unreadable_answer: (name) =>
    `${name} answered a label purchase or a SCAN form in a way we could not read, so it may have sold the label or made the form without our record of it. ` +
    `Nothing is bought or made again for them: the label is asked about again at ${name} only, and a form's labels are kept as on a form (the seller was told not to put them on another). ` +
    `Check in the ${name} account whether the label or form quoted here was bought or made, and look for others since this alert began. ` +
    `This alert ends by itself ${UNREADABLE_ANSWER_ALERT_DAYS} days after it was last seen.`,
  price_below_cost: () =>
    'A customer\'s price for this service was under what the carrier charges for a parcel, so the service was not offered for it (nothing was sold at a loss). ' +
    `Raise the price on Default Services or that user's services. This alert ends by itself ${UNREADABLE_ANSWER_ALERT_DAYS} days after it was last seen.`,
};

const TITLE: Record<CarrierAlert['reason'], (name: string) => string> = {
  upstream_funds: (name) => `${name} has no funds left`,
  unavailable: (name) => `${name} is not answering`,
  unreadable_answer: (name) => `${name} gave an answer we could not read`,
  price_below_cost: (name) => `A price is under ${name}'s cost`,
};

/** The carriers' standing trouble, on top of the dashboard; nothing when all is well. */
export const CarrierAlerts = ({ alerts }: { alerts: readonly CarrierAlert[] | undefined }): ReactElement | null => {
  if (!alerts || alerts.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-label="Carrier alerts">
      {alerts.map((alert) => (
        <Alert.Root key={`${alert.carrier}:${alert.reason}`} status={alert.reason === 'unavailable' ? 'warning' : 'error'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{TITLE[alert.reason](alert.carrierName)}</Alert.Title>
            <Alert.Description>
              {ADVICE[alert.reason](alert.carrierName)} Since {formatDateTime(alert.since)}, last seen {formatDateTime(alert.lastSeen)}
              {alert.message ? `: “${alert.message}”` : '.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
};
