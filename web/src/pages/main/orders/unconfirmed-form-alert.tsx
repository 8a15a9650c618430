import { Alert, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import type { UnconfirmedNotice } from './today-form-groups';

/**
 * A SCAN form its carrier has not confirmed: no file to download, and its labels must not be handed over on another
 * form while an operator checks it.
 */
export const UnconfirmedFormAlert = ({ notice }: { notice: UnconfirmedNotice }): ReactElement => (
  <Alert.Root status="warning" variant="subtle" size="sm" data-testid="scan-form-unconfirmed">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>{notice.text}</Alert.Title>
      <Alert.Description>
        <Text as="span" textStyle="xs">
          {notice.trackingNumbers.length === 1 ? 'Label' : 'Labels'}:{' '}
          <Text as="span" fontFamily="mono">
            {notice.trackingNumbers.join(', ')}
          </Text>
        </Text>
      </Alert.Description>
    </Alert.Content>
  </Alert.Root>
);
