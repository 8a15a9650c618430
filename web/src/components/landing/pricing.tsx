import { Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BitcoinIcon, BoltIcon, ScaleIcon, TagIcon } from '../ui/icons';
import { pricingPoints } from './landing-content';
import { LandingSection } from './section';

const icons = { flat: ScaleIcon, overnight: BoltIcon, bitcoin: BitcoinIcon, loyalty: TagIcon } as const;

export const Pricing = (): ReactElement => (
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
    <Flex justify="center" mt="8">
      <Button asChild variant="outline" size="lg">
        <RouterLink to="/register">Create an account to see your prices</RouterLink>
      </Button>
    </Flex>
  </LandingSection>
);
