import { Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface DashboardCardProps {
  id: string;
  title: string;
  description: string;
  /** The full page for this list; linked once there is something to see. */
  viewAllTo: string;
  showViewAll: boolean;
  children: ReactNode;
}

/** The frame both dashboard lists share: a titled card with a 'View all' link. */
export const DashboardCard = ({ id, title, description, viewAllTo, showViewAll, children }: DashboardCardProps): ReactElement => (
  <Card.Root variant="outline" size="sm" as="section" aria-labelledby={id} minW="0">
    <Card.Header>
      <Flex justify="space-between" align="center" gap="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {showViewAll && (
          <Button asChild size="xs" variant="ghost">
            <RouterLink to={viewAllTo}>View all</RouterLink>
          </Button>
        )}
      </Flex>
      <Text color="fg.muted" textStyle="sm">
        {description}
      </Text>
    </Card.Header>
    <Card.Body>{children}</Card.Body>
  </Card.Root>
);
