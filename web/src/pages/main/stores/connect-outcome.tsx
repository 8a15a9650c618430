import { Alert, CloseButton } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * How connecting a store at the store's own page went (decision 107): its callback sends the seller back here with
 * `?connected={name}` or `?connect_error={why}`, said once at the top of the page until dismissed.
 */
export const ConnectOutcome = (): ReactElement | null => {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const failed = params.get('connect_error');
  if (connected === null && failed === null) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        current.delete('connected');
        current.delete('connect_error');
        return current;
      },
      { replace: true },
    );
  return (
    <Alert.Root status={failed === null ? 'success' : 'error'} role={failed === null ? 'status' : 'alert'} data-testid="connect-outcome">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failed === null ? `${connected ?? 'The store'} is connected: its orders awaiting shipment are coming in.` : 'The store was not connected'}</Alert.Title>
        {failed !== null && <Alert.Description>{failed}</Alert.Description>}
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={dismiss} />
    </Alert.Root>
  );
};
