import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Reveal } from './reveal';

export const CallToAction = (): ReactElement => (
  <Box as="section" aria-labelledby="cta-heading" py={{ base: '14', md: '20' }}>
    <Container maxW="4xl">
      <Reveal>
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          bg="brand.800"
          color="white"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
        >
          <Heading as="h2" id="cta-heading" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Ready to Ship Your Goods
          </Heading>
          <Text color="whiteAlpha.900" maxW="xl" textStyle={{ base: 'md', md: 'lg' }}>
            Open an account, top up your balance and print your first label today.
          </Text>
          <Button asChild size="xl" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
            <RouterLink to="/register">Start Shipping Today</RouterLink>
          </Button>
        </Stack>
      </Reveal>
    </Container>
  </Box>
);
