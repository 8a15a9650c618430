import { Alert, Stack } from '@chakra-ui/react';
import type { CarrierAlert } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../libs/format';

/** What the admin is asked to do about each kind of trouble. */
const ADVICE: Record<CarrierAlert['reason'], (name: string) => string> = {
  upstream_funds: (name) => `Batches buying from ${name} are paused and single labels are refused (customers are not charged). Add funds to the ${name} account: buying resumes by itself.`,
  unavailable: (name) => `${name} stopped answering, so labels are bought from the next carrier if there is one; otherwise they wait. Nothing is bought twice.`,
};

const TITLE: Record<CarrierAlert['reason'], (name: string) => string> = {
  upstream_funds: (name) => `${name} has no funds left`,
  unavailable: (name) => `${name} is not answering`,
};

/** The carriers' standing trouble, on top of the dashboard; nothing when all is well. */
export const CarrierAlerts = ({ alerts }: { alerts: readonly CarrierAlert[] | undefined }): ReactElement | null => {
  if (!alerts || alerts.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-label="Carrier alerts">
      {alerts.map((alert) => (
        <Alert.Root key={alert.carrier} status={alert.reason === 'upstream_funds' ? 'error' : 'warning'}>
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
