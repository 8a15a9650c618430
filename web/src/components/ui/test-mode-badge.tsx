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

/** Beside a batch made with a test key (decision 127). */
export const TestBatchBadge = (props: Omit<BadgeProps, 'children' | 'title'>): ReactElement => (
  <TestModeBadge title="Made with a test key on the sandbox — not postage" {...props} />
);

/** Beside a claim on a test label (decision 127). */
export const TestClaimBadge = (props: Omit<BadgeProps, 'children' | 'title'>): ReactElement => (
  <TestModeBadge title="On a test label: decided by the sandbox, paid on the test balance" {...props} />
);
