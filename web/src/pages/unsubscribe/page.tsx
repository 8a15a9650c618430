import { Box, Button, EmptyState, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { UNSUBSCRIBE_LINK_NOT_FOUND, type UnsubscribeInfo } from '@labeldesk/contracts';
import type { ReactElement, ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ColorModeToggle } from '../../components/ui/color-mode-toggle';
import { AlertIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../libs/http-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../../services/tracking-emails/unsubscribe';

/** The receiver's page has no app around it: no sign-in, no navigation, only the one question. */
const UnsubscribeLayout = ({ children }: { children: ReactNode }): ReactElement => (
  <Flex direction="column" minH="100dvh" bg="bg.subtle">
    <Flex as="header" h="14" px={{ base: '4', md: '6' }} align="center" justify="space-between" bg="bg" borderBottomWidth="1px">
      <Text fontWeight="semibold">Tracking e-mails</Text>
      <ColorModeToggle />
    </Flex>
    <Box as="main" flex="1" w="full" maxW="xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      {children}
    </Box>
  </Flex>
);

/** Asks before it unsubscribes: a mail scanner opening the link must not unsubscribe the receiver. */
const Choice = ({ token, info }: { token: string; info: UnsubscribeInfo }): ReactElement => {
  const unsubscribe = useUnsubscribe(token);
  if (info.unsubscribed) {
    return (
      <Stack gap="3" data-testid="unsubscribed">
        <Heading as="h1" size="xl">
          You are unsubscribed
        </Heading>
        <Text>
          {info.store} will send no more tracking e-mails to {info.email}.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="xl">
        Stop tracking e-mails from {info.store}?
      </Heading>
      <Text>
        {info.store} e-mails {info.email} when it ships a parcel and when the parcel is delivered. Unsubscribe, and it will send none of these e-mails to this
        address again.
      </Text>
      {unsubscribe.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(unsubscribe.error, 'Could not unsubscribe: please try again.')}
        </Text>
      )}
      <Button alignSelf="flex-start" onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending} loadingText="Unsubscribing">
        Unsubscribe
      </Button>
    </Stack>
  );
};

/** `/unsubscribe/{token}`: the link at the foot of every tracking e-mail (decision 095). */
export const UnsubscribePage = (): ReactElement => {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const notFound = isApiError(info.error) && info.error.status === 404;
  return (
    <UnsubscribeLayout>
      {info.isPending && <Skeleton height="40" rounded="lg" aria-label="Loading" />}
      {info.data && <Choice token={token} info={info.data} />}
      {info.isError && (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <AlertIcon />
            </EmptyState.Indicator>
            <EmptyState.Title as="h1">{notFound ? 'Link not found' : 'Could not load this page'}</EmptyState.Title>
            <EmptyState.Description>{notFound ? UNSUBSCRIBE_LINK_NOT_FOUND : errorMessage(info.error, 'Please try again in a moment.')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </UnsubscribeLayout>
  );
};
