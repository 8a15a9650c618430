import { Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { COURIERS, TRACKING_LINK_NOT_FOUND, courierTrackingUrl, type Courier, type PublicTracking } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { PublicPageLayout, PublicPageUnavailable } from '../../components/public/public-page';
import { carrierDisplayName, trackingStatusDisplay } from '../../components/orders/label-lifecycle-display';
import { TrackingTimeline } from '../../components/orders/tracking-timeline';
import { CarrierMark } from '../../components/couriers/carrier-mark';
import { StatusBadge } from '../../components/ui/status-badge';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime } from '../../libs/format';
import { errorMessage, isApiError } from '../../libs/http-client';
import { usePublicTracking } from '../../services/public-tracking/public-tracking';

const isCourier = (id: string | null): id is Courier => (COURIERS as readonly string[]).includes(id ?? '');

const Parcel = ({ tracking }: { tracking: PublicTracking }): ReactElement => {
  const status = trackingStatusDisplay(tracking.status);
  const courier = carrierDisplayName(tracking.courier);
  const courierSite = courierTrackingUrl(tracking.courier, tracking.trackingNumber);
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Text color="fg.muted">Your parcel from</Text>
        <Heading as="h1" size="2xl" overflowWrap="anywhere" data-testid="tracking-seller">
          {tracking.sellerName}
        </Heading>
      </Stack>

      <Stack gap="4" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} data-testid="tracking-summary">
        <HStack gap="2" wrap="wrap">
          {isCourier(tracking.courier) && <CarrierMark carrier={tracking.courier} />}
          <Text textStyle="sm" color="fg.muted">
            {tracking.serviceName}
          </Text>
        </HStack>
        <Stack gap="1">
          <Heading as="h2" size="xl" data-testid="tracking-status">
            {status.text}
          </Heading>
          <Box>
            <StatusBadge tone={status.tone}>{tracking.checkedAt ? `Checked with ${courier} ${formatDateTime(tracking.checkedAt)}` : `Not checked with ${courier} yet`}</StatusBadge>
          </Box>
        </Stack>
        <Stack gap="0.5">
          <Text textStyle="xs" color="fg.muted">
            Tracking number
          </Text>
          <Text fontFamily="mono" overflowWrap="anywhere" data-testid="tracking-number">
            {tracking.trackingNumber}
          </Text>
        </Stack>
        {courierSite && (
          <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            <a href={courierSite} target="_blank" rel="noopener noreferrer">
              Track on {courier}&apos;s site
            </a>
          </Button>
        )}
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="tracking-history">
        <Heading as="h2" size="md" id="tracking-history">
          Tracking history
        </Heading>
        <TrackingTimeline events={tracking.events} noScans={`${tracking.sellerName} has made the label; ${courier} has not scanned the parcel yet. Scans show here once it does.`} />
      </Stack>

      <Text textStyle="xs" color="fg.muted">
        {tracking.sellerName} shared this page with you. It shows the courier&apos;s scans, each place as a city and state; ask the seller about anything else.
      </Text>
    </Stack>
  );
};

const Loading = (): ReactElement => (
  <Stack gap="6" role="status" aria-label="Loading tracking">
    <Skeleton height="10" width="60%" />
    <Skeleton height="48" />
    <Skeleton height="24" />
  </Stack>
);

/** `/t/:token`: where a parcel is, for the buyer its seller gave the link to (decision 089). No sign-in. */
export const PublicTrackingPage = (): ReactElement => {
  const { token = '' } = useParams();
  const tracking = usePublicTracking(token);
  useDocumentTitle(tracking.data ? `Parcel from ${tracking.data.sellerName}` : 'Parcel tracking');

  const body = (() => {
    if (tracking.isPending) return <Loading />;
    if (tracking.isError) {
      if (isApiError(tracking.error) && tracking.error.status === 404) {
        return <PublicPageUnavailable testId="tracking-unavailable" title="Tracking link not found" text={`${errorMessage(tracking.error, TRACKING_LINK_NOT_FOUND)} Ask the seller for a new link.`} />;
      }
      return (
        <PublicPageUnavailable
          testId="tracking-unavailable"
          title="Tracking could not be loaded"
          text={errorMessage(tracking.error, 'The tracking page did not answer. Try again in a moment.')}
          action={
            <Button variant="outline" onClick={() => void tracking.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return <Parcel tracking={tracking.data} />;
  })();

  return <PublicPageLayout title="Parcel tracking">{body}</PublicPageLayout>;
};
