import { Badge } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import type { StatusTone } from '../../theme/system';

/** Status colours come from the theme's `status.*` tokens only, so every screen agrees on them. */
export const StatusBadge = ({ tone, children }: { tone: StatusTone; children: ReactNode }): ReactElement => (
  <Badge
    bg={`status.${tone}.bg`}
    color={`status.${tone}.fg`}
    borderWidth="1px"
    borderColor={`status.${tone}.border`}
    variant="plain"
  >
    {children}
  </Badge>
);
