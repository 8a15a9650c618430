import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import type { ReactElement } from 'react';

export const FullPageSpinner = ({ label = 'Loading' }: { label?: string }): ReactElement => (
  <Center minH="100dvh" role="status">
    <Spinner size="lg" color="brand.solid" />
    <VisuallyHidden>{label}</VisuallyHidden>
  </Center>
);
