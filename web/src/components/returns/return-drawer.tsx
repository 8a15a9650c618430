import { Alert, Button, CloseButton, Drawer, Flex, Heading, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd, type ReturnLabel } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { downloadErrorMessage } from '../../libs/download-file';
import { errorMessage } from '../../libs/http-client';
import { formatDateTime } from '../../libs/format';
import { returnsOf, useCreateReturn, useDownloadReturnLabel, useReturnQuote, useReturns } from '../../services/returns/return-labels';
import { CopyableCode } from '../ui/copyable-code';
import { DownloadIcon, UndoIcon } from '../ui/icons';
import { StatusBadge } from '../ui/status-badge';
import { notify } from '../ui/toaster';
import { returnStateDisplay } from './return-display';
import { ReturnLinkShare } from './return-link-share';

/** The order a return is made for, as the Orders list knows it. */
export interface ReturnTarget {
  orderId: string;
  trackingNumber: string;
}

const ReturnCard = ({ label, userId }: { label: ReturnLabel; userId: string }): ReactElement => {
  const download = useDownloadReturnLabel();
  const state = returnStateDisplay(label);
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" data-testid="return-card" data-return-id={label.id} data-state={label.state}>
      <Flex gap="2" wrap="wrap" align="center" justify="space-between">
        <StatusBadge tone={state.tone}>{state.text}</StatusBadge>
        <Text textStyle="xs" color="fg.muted">
          Made {formatDateTime(label.createdAt)}
        </Text>
      </Flex>
      <CopyableCode value={label.trackingNumber} label="Copy return tracking number" />
      {label.scannedAt && (
        <Text textStyle="xs" color="fg.muted">
          First scanned {formatDateTime(label.scannedAt)}
        </Text>
      )}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        loading={download.isPending}
        loadingText="Downloading"
        onClick={() => download.mutate(label, { onError: (error) => notify.error(downloadErrorMessage(error)) })}
      >
        <DownloadIcon />
        Download return label
      </Button>
      <ReturnLinkShare label={label} userId={userId} />
    </Stack>
  );
};

const MakeReturn = ({ target, userId, existing }: { target: ReturnTarget; userId: string; existing: number }): ReactElement => {
  const quote = useReturnQuote(target.orderId);
  const create = useCreateReturn(userId);
  if (quote.isPending) return <Skeleton height="24" role="status" aria-label="Loading the return label's price" />;
  if (quote.isError) {
    return (
      <Alert.Root status="info" data-testid="return-refusal">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(quote.error, 'The return label could not be priced. Try again in a moment.')}</Alert.Description>
      </Alert.Root>
    );
  }
  const again = existing > 0;
  const make = () =>
    create.mutate(
      { orderId: target.orderId, again },
      {
        onSuccess: ({ returnLabel }) => notify.success('Return label made', { description: `Tracking number ${returnLabel.trackingNumber}` }),
        onError: (error) => notify.error(errorMessage(error, 'The return label could not be made')),
      },
    );
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="return-quote" data-payment={quote.data.payment}>
      <Text fontWeight="semibold">
        {quote.data.serviceName} back to you · {formatUsd(quote.data.priceCents)}
      </Text>
      <Text textStyle="sm" data-testid="return-payment-text">
        {quote.data.paymentText}
      </Text>
      <Text textStyle="sm" color="fg.muted" data-testid="return-sold-by">
        Bought from {quote.data.carrierName}, as your label was.
      </Text>
      {again && (
        <Text textStyle="sm" color="fg.muted">
          This order already has a return label. Make another only if your buyer needs a second one.
        </Text>
      )}
      <Button size="sm" alignSelf="flex-start" loading={create.isPending} loadingText="Making the label" onClick={make}>
        <UndoIcon />
        {again ? 'Make another return label' : 'Make return label'}
      </Button>
    </Stack>
  );
};

const ReturnsBody = ({ target, userId }: { target: ReturnTarget; userId: string }): ReactElement => {
  const returns = useReturns(userId);
  const mine = returnsOf(returns.data, target.orderId);
  return (
    <Stack gap="5">
      <Text textStyle="sm" color="fg.muted">
        A label from your buyer back to you, with the same service as label {target.trackingNumber}.
      </Text>
      {returns.isPending ? <Skeleton height="16" /> : <MakeReturn target={target} userId={userId} existing={mine.length} />}
      {mine.length > 0 && (
        <Stack gap="3" as="section" aria-labelledby="order-returns">
          <Heading as="h3" size="sm" id="order-returns">
            Return labels of this order
          </Heading>
          {mine.map((label) => (
            <ReturnCard key={label.id} label={label} userId={userId} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};

/** An order's return labels: what one costs and when it is charged (said before buying), the labels made, their links. */
export const ReturnDrawer = ({ target, userId, onClose }: { target: ReturnTarget | null; userId: string; onClose: () => void }): ReactElement => (
  <Drawer.Root open={target !== null} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'md' }}>
    <Portal>
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content data-testid="return-drawer">
          <Drawer.Header>
            <Drawer.Title>Return label</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body>{target && <ReturnsBody target={target} userId={userId} />}</Drawer.Body>
          <Drawer.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close return label" />
          </Drawer.CloseTrigger>
        </Drawer.Content>
      </Drawer.Positioner>
    </Portal>
  </Drawer.Root>
);
