import { Card, Flex, Skeleton, Stat } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  icon?: ReactNode;
  hint?: string;
  loading?: boolean;
}

export const StatCard = ({ label, value, icon, hint, loading = false }: StatCardProps): ReactElement => (
  <Card.Root variant="outline" size="sm">
    <Card.Body>
      <Stat.Root>
        <Flex justify="space-between" align="center" gap="2">
          <Stat.Label color="fg.muted">{label}</Stat.Label>
          {icon && (
            <Flex color="brand.fg" fontSize="lg" aria-hidden="true">
              {icon}
            </Flex>
          )}
        </Flex>
        {loading ? (
          <Skeleton height="8" width="60%" mt="1" />
        ) : (
          <Stat.ValueText fontSize="2xl" fontVariantNumeric="tabular-nums">
            {value}
          </Stat.ValueText>
        )}
        {hint && <Stat.HelpText color="fg.muted">{hint}</Stat.HelpText>}
      </Stat.Root>
    </Card.Body>
  </Card.Root>
);
