import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Reveal } from './reveal';

interface LandingSectionProps {
  id: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  children: ReactNode;
}

/** One landing section: a focusable anchor target (the top bar scrolls here), a heading and its content. */
export const LandingSection = ({ id, title, lead, tinted = false, children }: LandingSectionProps): ReactElement => (
  <Box
    as="section"
    id={id}
    aria-labelledby={`${id}-heading`}
    tabIndex={-1}
    scrollMarginTop="16"
    outline="none"
    py={{ base: '14', md: '20' }}
    bg={tinted ? 'bg.subtle' : 'bg'}
  >
    <Container maxW="6xl">
      <Reveal>
        <Box textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '12' }}>
          <Heading as="h2" id={`${id}-heading`} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {title}
          </Heading>
          {lead && (
            <Text mt="3" color="fg.muted" textStyle={{ base: 'md', md: 'lg' }}>
              {lead}
            </Text>
          )}
        </Box>
        {children}
      </Reveal>
    </Container>
  </Box>
);
