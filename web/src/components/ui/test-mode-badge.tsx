import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Marks what belongs to test mode (a test key, a label bought with one): the test balance only, never real money. */
export const TestModeBadge = ({ title, ...props }: { title: string } & Omit<BadgeProps, 'children'>): ReactElement => (
  <Badge size="sm" colorPalette="orange" variant="subtle" title={title} data-testid="test-mode-badge" {...props}>
    Test
  </Badge>
);

/** Beside a label bought with a test key. */
export const TestLabelBadge = (props: Omit<BadgeProps, 'children' | 'title'>): ReactElement => (
  <TestModeBadge title="Bought with a test key on the sandbox — not postage" {...props} />
);
