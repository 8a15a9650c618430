import { Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PublicPrice } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../libs/format';
import { usePublicSite } from '../../services/public/site';
import { Link as RouterLink } from 'react-router-dom';
import { BitcoinIcon, BoltIcon, ScaleIcon, TagIcon } from '../ui/icons';
import { pricingPoints } from './landing-content';
import { LandingSection } from './section';
import { Table } from '../ui/responsive-table';

const icons = { flat: ScaleIcon, overnight: BoltIcon, bitcoin: BitcoinIcon, loyalty: TagIcon } as const;

/** The services on sale with their lowest price; a customer's own prices may be lower (an admin sets them). */
export const FromPrices = ({ prices }: { prices: readonly PublicPrice[] }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="lg" mt="8" maxW="full">
    <Table.Root size="md" aria-label="Prices from">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Service</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Up to</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">From</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {prices.map((price) => (
          <Table.Row key={price.name}>
            {/* A long name (USPS Priority Mail Express International) wraps rather than widen the table past a phone. */}
            <Table.Cell fontWeight="medium" whiteSpace="normal">
              {price.name}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {price.maxWeight} lb
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="semibold">
              {formatCents(price.fromCents)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

export const Pricing = (): ReactElement => {
  const prices = usePublicSite().data?.prices ?? [];
  return (
  <LandingSection
    id="pricing"
    title="Clear Pricing No Hidden Fees"
    lead="The price you see before you order is the price you pay, taken from your prepaid balance."
  >
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {pricingPoints.map((point) => {
        const Icon = icons[point.key];
        return (
          <Card.Root key={point.key} variant="outline">
            <Card.Body>
              <Flex gap="4" align="flex-start">
                <Flex boxSize="10" flexShrink={0} rounded="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
                  <Icon boxSize="5" />
                </Flex>
                <Stack gap="1">
                  <Heading as="h3" size="md">
                    {point.title}
                  </Heading>
                  <Text color="fg.muted">{point.text}</Text>
                </Stack>
              </Flex>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
    {prices.length > 0 && <FromPrices prices={prices} />}
    <Flex justify="center" mt="8">
      <Button asChild variant="outline" size="lg">
        <RouterLink to="/register">Create an account to see your prices</RouterLink>
      </Button>
    </Flex>
  </LandingSection>
  );
};
