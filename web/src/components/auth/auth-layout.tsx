import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PublicTopBar } from '../layout/public-top-bar';

interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Login, register and onboarding: the public top bar and one centred card whose header names the page. */
export const AuthLayout = ({ title, description, children, footer }: AuthLayoutProps): ReactElement => {
  useDocumentTitle(title);
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <PublicTopBar />
      <Flex as="main" flex="1" align={{ base: 'flex-start', sm: 'center' }} justify="center" px="4" py={{ base: '6', sm: '12' }}>
        <Box w="full" maxW="md">
          <Card.Root variant="elevated" size="lg">
            <Card.Header>
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                {description}
              </Text>
            </Card.Header>
            <Card.Body>{children}</Card.Body>
          </Card.Root>
          {footer && (
            <Box mt="5" textAlign="center" textStyle="sm" color="fg.muted">
              {footer}
            </Box>
          )}
        </Box>
      </Flex>
    </Flex>
  );
};
