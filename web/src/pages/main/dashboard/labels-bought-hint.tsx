import { Link } from '@chakra-ui/react';
import type { TotalOrdersResponse } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { labelsBoughtParts } from './labels-bought';

/** "Labels bought: 1 single · 60 in batches", each part a link to the page that lists it. */
export const LabelsBoughtHint = ({ counts }: { counts: TotalOrdersResponse | undefined }): ReactElement => {
  if (!counts) return <>Labels bought</>;
  const parts = labelsBoughtParts(counts);
  return (
    <>
      {'Labels bought: '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/main/orders">{parts.single}</RouterLink>
      </Link>
      {' · '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/main/batch-orders">{parts.batches}</RouterLink>
      </Link>
    </>
  );
};
