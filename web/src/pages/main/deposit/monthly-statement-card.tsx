import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { MonthlyStatementPicker } from '../../../components/payments/monthly-statement';

/** The Deposit page's monthly statement: every movement of the balance in a month, as a PDF. */
export const MonthlyStatementCard = ({ userId, registeredAt }: { userId: string; registeredAt: string }): ReactElement => (
  <Card.Root variant="outline" size="sm" as="section" aria-labelledby="monthly-statement-heading">
    <Card.Body gap="3">
      <Box>
        <Heading as="h2" size="md" id="monthly-statement-heading">
          Monthly statement
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Opening balance, every top-up, label, refund and bonus of the month with the balance after it, and the closing balance.
        </Text>
      </Box>
      <MonthlyStatementPicker userId={userId} registeredAt={registeredAt} />
    </Card.Body>
  </Card.Root>
);
