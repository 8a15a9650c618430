import { Button, Heading, HStack, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { COURIERS, RETURN_LINK_NOT_FOUND, type Courier, type PublicReturn } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { PublicPageLayout, PublicPageUnavailable } from '../../components/public/public-page';
import { CarrierMark } from '../../components/couriers/carrier-mark';
import { carrierDisplayName } from '../../components/orders/label-lifecycle-display';
import { DownloadIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../libs/http-client';
import { publicReturnLabelUrl, usePublicReturn } from '../../services/returns/return-labels';

const isCourier = (id: string): id is Courier => (COURIERS as readonly string[]).includes(id);

const ReturnLabelCard = ({ label, token }: { label: PublicReturn; token: string }): ReactElement => {
  const courier = carrierDisplayName(label.courier);
  const expires = new Date(label.expiresAt).toLocaleDateString('en-GB', { day: '2-digit', month: 'long', year: 'numeric' });
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Text color="fg.muted">Send your parcel back to</Text>
        <Heading as="h1" size="2xl" overflowWrap="anywhere" data-testid="return-seller">
          {label.sellerName}
        </Heading>
      </Stack>

      <Stack gap="4" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} data-testid="return-summary">
        <HStack gap="2" wrap="wrap">
          {isCourier(label.courier) && <CarrierMark carrier={label.courier} />}
          <Text textStyle="sm" color="fg.muted">
            {label.serviceName}
          </Text>
        </HStack>
        <Stack gap="0.5">
          <Text textStyle="xs" color="fg.muted">
            Tracking number
          </Text>
          <Text fontFamily="mono" overflowWrap="anywhere" data-testid="return-tracking-number">
            {label.trackingNumber}
          </Text>
        </Stack>
        <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <a href={publicReturnLabelUrl(token)} target="_blank" rel="noopener noreferrer" data-testid="return-label-download">
            <DownloadIcon />
            Open the return label (PDF)
          </a>
        </Button>
        <Text textStyle="xs" color="fg.muted">
          This link works until {expires}.
        </Text>
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="return-steps">
        <Heading as="h2" size="md" id="return-steps">
          How to send it back
        </Heading>
        <List.Root as="ol" gap="2" ps="5">
          <List.Item>Open the label and print it on plain paper (or a 4x6 label sheet).</List.Item>
          <List.Item>Pack the item and tape the label flat on the largest side of the parcel; cover or remove any old label.</List.Item>
          <List.Item>Hand the parcel to {courier} (a post office, a drop box or a pickup). The postage is paid: you pay nothing.</List.Item>
        </List.Root>
      </Stack>

      <Text textStyle="xs" color="fg.muted">
        {label.sellerName} shared this label with you. Ask the seller about anything else.
      </Text>
    </Stack>
  );
};

const Loading = (): ReactElement => (
  <Stack gap="6" role="status" aria-label="Loading the return label">
    <Skeleton height="10" width="60%" />
    <Skeleton height="40" />
    <Skeleton height="24" />
  </Stack>
);

/** `/r/:token`: the return label a seller shared with their buyer (decision 101). No sign-in. */
export const PublicReturnPage = (): ReactElement => {
  const { token = '' } = useParams();
  const label = usePublicReturn(token);
  useDocumentTitle(label.data ? `Return to ${label.data.sellerName}` : 'Return label');

  const body = (() => {
    if (label.isPending) return <Loading />;
    if (label.isError) {
      if (isApiError(label.error) && label.error.status === 404) {
        return <PublicPageUnavailable testId="return-unavailable" title="Return link not found" text={errorMessage(label.error, RETURN_LINK_NOT_FOUND)} />;
      }
      return (
        <PublicPageUnavailable
          testId="return-unavailable"
          title="The return label could not be loaded"
          text={errorMessage(label.error, 'The page did not answer. Try again in a moment.')}
          action={
            <Button variant="outline" onClick={() => void label.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return <ReturnLabelCard label={label.data} token={token} />;
  })();

  return <PublicPageLayout title="Return label">{body}</PublicPageLayout>;
};
