import { Alert, Button, CloseButton, Drawer, Flex, Heading, Portal, SegmentGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd, type LabelCarrier, type ReturnLabel, type ReturnQuote } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { downloadErrorMessage } from '../../libs/download-file';
import { errorMessage } from '../../libs/http-client';
import { formatDateTime } from '../../libs/format';
import { returnsOf, useCreateReturn, useDownloadReturnLabel, useReturnQuote, useReturns, useVoidReturn } from '../../services/returns/return-labels';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CopyableCode } from '../ui/copyable-code';
import { DownloadIcon, TrashIcon, UndoIcon } from '../ui/icons';
import { StatusBadge } from '../ui/status-badge';
import { notify } from '../ui/toaster';
import { canVoidReturn, returnStateDisplay, returnVoidedMessage, returnVoidExplanation } from './return-display';
import { ReturnLinkShare } from './return-link-share';

/** The order a return is made for, as the Orders list knows it. */
export interface ReturnTarget {
  orderId: string;
  trackingNumber: string;
}

/**
 * Voids an unused return (decision 128): asked first, saying what comes back and when; the card then shows the state
 * the server answered (voided, refund pending, refund refused with its reason) and the balance is read again.
 */
const VoidReturn = ({ label, userId }: { label: ReturnLabel; userId: string }): ReactElement => {
  const [asking, setAsking] = useState(false);
  const voidReturn = useVoidReturn(userId);
  const confirm = () =>
    voidReturn.mutate(label.id, {
      onSuccess: (voided) => (voided.state === 'refund_rejected' ? notify.error(returnVoidedMessage(voided)) : notify.success(returnVoidedMessage(voided))),
      onError: (error) => notify.error(errorMessage(error, 'The return label could not be voided')),
      onSettled: () => setAsking(false),
    });
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setAsking(true)} aria-label={`Void return label ${label.trackingNumber}`}>
        <TrashIcon />
        Void return label
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Void return label ${label.trackingNumber}?`}
        confirmLabel="Void return label"
        cancelLabel="Keep it"
        tone="danger"
        loading={voidReturn.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <Text data-testid="return-void-explanation">{returnVoidExplanation(label)}</Text>
      </ConfirmDialog>
    </>
  );
};

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
      {label.state === 'refund_rejected' && (
        <Text textStyle="xs" color="fg.error" data-testid="return-refund-reason">
          The carrier refused the refund: {label.refundReason ?? 'no reason given'}
        </Text>
      )}
      {canVoidReturn(label) && <VoidReturn label={label} userId={userId} />}
      <ReturnLinkShare label={label} userId={userId} />
    </Stack>
  );
};

const QuoteRefusal = ({ error }: { error: unknown }): ReactElement => (
  <Alert.Root status="info" data-testid="return-refusal">
    <Alert.Indicator />
    <Alert.Description>{errorMessage(error, 'The return label could not be priced. Try again in a moment.')}</Alert.Description>
  </Alert.Root>
);

/**
 * Who sells the return (decision 123): the outbound label's carrier, or another that makes returns of its courier. A
 * radio group named for screen readers; picking one prices the return from it before anything is bought.
 */
const SoldByChoice = ({ quote, value, onChange }: { quote: ReturnQuote; value: LabelCarrier | null; onChange: (carrier: LabelCarrier) => void }): ReactElement => {
  const choices = [{ carrier: quote.carrier, carrierName: quote.carrierName }, ...quote.otherCarriers];
  return (
    <Stack gap="1" align="flex-start">
      <Text textStyle="sm" fontWeight="medium" id="return-sold-by-label">
        Who sells the return
      </Text>
      <SegmentGroup.Root
        size="sm"
        value={value}
        aria-labelledby="return-sold-by-label"
        data-testid="return-carrier-choice"
        onValueChange={(details) => {
          const chosen = choices.find((choice) => choice.carrier === details.value);
          if (chosen) onChange(chosen.carrier);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={choices.map((choice) => ({ value: choice.carrier, label: choice.carrier === quote.carrier ? `${choice.carrierName} (your label's)` : choice.carrierName }))} />
      </SegmentGroup.Root>
    </Stack>
  );
};

const MakeReturn = ({ target, userId, existing }: { target: ReturnTarget; userId: string; existing: number }): ReactElement => {
  const outbound = useReturnQuote(target.orderId);
  const [picked, setPicked] = useState<LabelCarrier | null>(null);
  // Another carrier's price and payment, asked only once the seller picks it.
  const other = useReturnQuote(picked ? target.orderId : null, picked);
  const create = useCreateReturn(userId);
  if (outbound.isPending) return <Skeleton height="24" role="status" aria-label="Loading the return label's price" />;
  if (outbound.isError) return <QuoteRefusal error={outbound.error} />;
  const base = outbound.data;
  // The account that sold the label is gone (decision 125): nothing is bought until the seller picks who sells it.
  const mustPick = base.accountNote !== null;
  const choosing = picked !== null && picked !== base.carrier;
  const again = existing > 0;
  const make = (quote: ReturnQuote) =>
    create.mutate(
      { orderId: target.orderId, again, carrier: choosing || mustPick ? quote.carrier : null },
      {
        onSuccess: ({ returnLabel }) => notify.success('Return label made', { description: `Tracking number ${returnLabel.trackingNumber} · from ${quote.carrierName}` }),
        onError: (error) => notify.error(errorMessage(error, 'The return label could not be made')),
      },
    );
  const priced = (quote: ReturnQuote): ReactElement => (
    <>
      <Text fontWeight="semibold" data-testid="return-price">
        {quote.serviceName} back to you · {formatUsd(quote.priceCents)}
      </Text>
      <Text textStyle="sm" data-testid="return-payment-text">
        {quote.paymentText}
      </Text>
      <Text textStyle="sm" color="fg.muted" data-testid="return-sold-by">
        {choosing
          ? `Bought from ${quote.carrierName} instead of ${base.carrierName}, which sold your label.`
          : mustPick
            ? `Bought from ${quote.carrierName} on its other accounts.`
            : `Bought from ${quote.carrierName}, as your label was.`}
      </Text>
      {quote.contactNote && (
        <Alert.Root status="warning" data-testid="return-contact-note">
          <Alert.Indicator />
          <Alert.Description>{quote.contactNote}</Alert.Description>
        </Alert.Root>
      )}
      {again && (
        <Text textStyle="sm" color="fg.muted">
          This order already has a return label. Make another only if your buyer needs a second one.
        </Text>
      )}
      <Button size="sm" alignSelf="flex-start" loading={create.isPending} loadingText="Making the label" disabled={(mustPick && picked === null) || quote.contactNote !== null} onClick={() => make(quote)}>
        <UndoIcon />
        {again ? 'Make another return label' : 'Make return label'}
      </Button>
    </>
  );
  const shown = choosing ? other : outbound;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="return-quote" data-payment={shown.data?.payment} data-carrier={shown.data?.carrier}>
      {mustPick && (
        <Alert.Root status="warning" data-testid="return-account-note">
          <Alert.Indicator />
          <Alert.Description>{base.accountNote}</Alert.Description>
        </Alert.Root>
      )}
      {(base.otherCarriers.length > 0 || mustPick) && <SoldByChoice quote={base} value={picked ?? (mustPick ? null : base.carrier)} onChange={setPicked} />}
      {shown.isPending ? (
        <Skeleton height="16" role="status" aria-label="Loading the return label's price" />
      ) : shown.isError ? (
        <QuoteRefusal error={shown.error} />
      ) : (
        priced(shown.data)
      )}
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
