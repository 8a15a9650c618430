import { Card, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { SHIPPING_SERVICE_CARD_WIDTH } from './shipping-service-card-frame';

/** Spec 2: loading shows 4 placeholder cards. */
export const SHIPPING_SERVICE_SKELETON_COUNT = 4;

const ShippingServiceCardSkeleton = (): ReactElement => (
  <Card.Root variant="outline" size="sm" w={SHIPPING_SERVICE_CARD_WIDTH} maxW="22rem" flexShrink={0} data-testid="service-card-skeleton">
    <Card.Body>
      <Stack gap="4">
        <Skeleton height="6" width="60%" />
        <SkeletonText noOfLines={2} />
        <Stack gap="2">
          <Skeleton height="8" />
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      </Stack>
    </Card.Body>
  </Card.Root>
);

export const ShippingServiceCardSkeletons = ({ label }: { label: string }): ReactElement => (
  <Stack direction="row" gap="4" overflow="hidden" role="status" aria-label={label}>
    {Array.from({ length: SHIPPING_SERVICE_SKELETON_COUNT }, (_, index) => (
      <ShippingServiceCardSkeleton key={index} />
    ))}
  </Stack>
);
