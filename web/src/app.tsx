import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppToaster } from './components/ui/toaster';
import { queryClient } from './libs/query-client';
import { router } from './router';
import { system } from './theme/system';

export const App = (): ReactElement => (
  <ChakraProvider value={system}>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  </ChakraProvider>
);
