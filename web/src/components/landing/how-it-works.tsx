import { Box, Circle, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { howItWorksSteps } from './landing-content';
import { LandingSection } from './section';

export const HowItWorks = (): ReactElement => (
  <LandingSection id="how-it-works" title="How It Works" lead="From sign-up to a printed label in four steps.">
    <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '6', md: '8' }} listStyle="none">
      {howItWorksSteps.map((step, index) => (
        <Box as="li" key={step.title}>
          <Circle size="10" bg="brand.solid" color="brand.contrast" fontWeight="bold" mb="4" aria-hidden="true">
            {index + 1}
          </Circle>
          <Heading as="h3" size="md" mb="2">
            {step.title}
          </Heading>
          <Text color="fg.muted">{step.text}</Text>
        </Box>
      ))}
    </SimpleGrid>
  </LandingSection>
);
