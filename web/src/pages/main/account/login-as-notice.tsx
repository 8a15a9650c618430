import { Alert } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/**
 * Why a control is not offered while an admin is signed in as the customer (decision 069). `id` lets a disabled button
 * point at it (aria-describedby).
 */
export const LoginAsNotice = ({ id, children }: { id?: string; children: string }): ReactElement => (
  <Alert.Root status="info" variant="subtle" id={id} data-testid="login-as-notice">
    <Alert.Indicator />
    <Alert.Title fontWeight="normal">{children}</Alert.Title>
  </Alert.Root>
);
