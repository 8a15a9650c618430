import { Alert } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** The one message a form shows above its fields: a client-side check or the server's answer. */
export const FormAlert = ({ message }: { message: string | null | undefined }): ReactElement | null =>
  message ? (
    <Alert.Root status="error" variant="subtle" size="sm" data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  ) : null;
