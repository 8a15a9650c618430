import { Card, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { BadgeCheckIcon, BoltIcon, ClockIcon, GlobeIcon, TagIcon, UndoIcon } from '../ui/icons';
import { reasons } from './landing-content';
import { LandingSection } from './section';

const icons = {
  'always-on': ClockIcon,
  satisfaction: BadgeCheckIcon,
  'money-back': UndoIcon,
  languages: GlobeIcon,
  discounts: TagIcon,
  bulk: BoltIcon,
} as const;

export const WhyChooseUs = (): ReactElement => (
  <LandingSection id="why-choose-us" title="Why Choose Us" lead="A label service that stays out of your way." tinted>
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
      {reasons.map((reason) => {
        const Icon = icons[reason.key];
        return (
          <Card.Root key={reason.key} variant="outline" bg="bg">
            <Card.Body gap="3">
              <Flex boxSize="10" rounded="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
                <Icon boxSize="5" />
              </Flex>
              <Heading as="h3" size="md">
                {reason.title}
              </Heading>
              <Text color="fg.muted">{reason.text}</Text>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  </LandingSection>
);
