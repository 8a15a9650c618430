import { Flex } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { PackageIcon } from './icons';

/** The mark only: the brand name appears in the footer notice alone (spec section 1). */
export const LogoMark = ({ size = 8 }: { size?: number }): ReactElement => (
  <Flex
    align="center"
    justify="center"
    boxSize={size}
    rounded="md"
    bg="brand.solid"
    color="brand.contrast"
    flexShrink={0}
    aria-hidden="true"
  >
    <PackageIcon boxSize={size / 2 + 1} />
  </Flex>
);
