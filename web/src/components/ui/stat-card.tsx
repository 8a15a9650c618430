import { Card, Flex, Skeleton, Stat } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  icon?: ReactNode;
  /** Text, or text with links (the Total Orders card links each part it counts). */
  hint?: ReactNode;
  loading?: boolean;
}

// The stat is a definition list: only its term and definitions may sit inside it, so the icon is placed beside it and
// the hint is a definition too.
export const StatCard = ({ label, value, icon, hint, loading = false }: StatCardProps): ReactElement => (
  <Card.Root variant="outline" size="sm">
    <Card.Body position="relative">
      {icon && (
        <Flex position="absolute" top="var(--card-padding)" insetEnd="var(--card-padding)" color="brand.fg" fontSize="lg" aria-hidden="true">
          {icon}
        </Flex>
      )}
      <Stat.Root>
        <Stat.Label color="fg.muted" pe={icon ? '7' : undefined}>
          {label}
        </Stat.Label>
        <Stat.ValueText fontSize="2xl" fontVariantNumeric="tabular-nums">
          {loading ? <Skeleton height="8" width="60%" mt="1" /> : value}
        </Stat.ValueText>
        {hint && (
          <Stat.HelpText as="dd" color="fg.muted">
            {hint}
          </Stat.HelpText>
        )}
      </Stat.Root>
    </Card.Body>
  </Card.Root>
);
