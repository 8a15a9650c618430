import { Flex } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { PublicTopBar } from '../../components/layout/public-top-bar';
import { ShellNotFound } from '../../components/layout/shell-not-found';

export const NotFoundPage = (): ReactElement => (
  <Flex direction="column" minH="100dvh">
    <PublicTopBar />
    <Flex as="main" flex="1" align="center" justify="center" px="4">
      <ShellNotFound homeTo="/" homeLabel="Go to the home page" />
    </Flex>
  </Flex>
);
