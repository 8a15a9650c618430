import { Alert, Button } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** A dashboard part that could not be read, with Try again. */
export const LoadError = ({ title, onRetry }: { title: string; onRetry: () => void }): ReactElement => (
  <Alert.Root status="error">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>{title}</Alert.Title>
      <Alert.Description>Check your connection, then try again.</Alert.Description>
    </Alert.Content>
    <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
      Try again
    </Button>
  </Alert.Root>
);
