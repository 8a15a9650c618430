import { Box, Button, Center, Container, Flex, Heading, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRightIcon, BadgeCheckIcon } from '../ui/icons';

/** A local image: the app loads nothing from third parties. */
export const HERO_IMAGE = '/hero-bg.svg';
/** Spec section 9: the hero fades in over 1 s after a 100 ms delay, once its image has loaded. */
const FADE_IN = 'opacity 1s ease 100ms';

const useImageLoaded = (src: string): boolean => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const image = new Image();
    // A failed image must not leave a spinner forever: the hero then shows on its plain background.
    const done = () => setLoaded(true);
    image.addEventListener('load', done);
    image.addEventListener('error', done);
    image.src = src;
    if (image.complete) done();
    return () => {
      image.removeEventListener('load', done);
      image.removeEventListener('error', done);
    };
  }, [src]);
  return loaded;
};

/**
 * The loaded state is a `data-loaded` attribute on the section and the styles follow it in CSS, so the prerendered page
 * (web/src/prerender) carries both states and its small script (web/public/landing.js) only sets the attribute.
 */
const whenLoaded = (styles: Record<string, unknown>) => ({ '[data-loaded] > &': styles });

const claims = ['24/7 availability', '98% satisfaction guarantee', '30-day money-back guarantee'] as const;

/** The claim, the promise, the two ways in, and the three guarantees. */
const HeroCopy = (): ReactElement => (
  <Stack gap="6" maxW="2xl">
    <Text textStyle="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.200">
      Prepaid shipping labels
    </Text>
    <Heading as="h1" id="hero-heading" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight" fontWeight="bold">
      Ship more. Pay less for every label.
    </Heading>
    <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" maxW="xl">
      The fast, automated and low-cost way to buy shipping labels: one at a time, or hundreds at once from a file, paid
      from your prepaid balance.
    </Text>
    <Flex gap="3" wrap="wrap">
      <Button asChild size="xl" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
        <RouterLink to="/register">
          Get Started
          <ArrowRightIcon />
        </RouterLink>
      </Button>
      <Button asChild size="xl" variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
        <a href="#how-it-works">See how it works</a>
      </Button>
    </Flex>
    <Stack as="ul" direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }} listStyle="none" pt="2">
      {claims.map((claim) => (
        <HStack as="li" key={claim} gap="2" textStyle="sm" color="whiteAlpha.900">
          <BadgeCheckIcon boxSize="5" color="brand.200" />
          {claim}
        </HStack>
      ))}
    </Stack>
  </Stack>
);

export const Hero = (): ReactElement => {
  const loaded = useImageLoaded(HERO_IMAGE);
  const fade = { opacity: 0, transition: FADE_IN, css: whenLoaded({ opacity: 1 }) } as const;

  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      aria-busy={!loaded}
      data-hero=""
      data-loaded={loaded ? '' : undefined}
      position="relative"
      minH="calc(100svh - 4rem)"
      display="flex"
      alignItems="center"
      overflow="hidden"
      bg="#171441"
      color="white"
    >
      {!loaded && (
        <Center position="absolute" inset="0" role="status" data-hero-spinner="">
          <Spinner size="xl" color="white" />
          <VisuallyHidden>Loading</VisuallyHidden>
        </Center>
      )}
      {/* On a phone the copy fills the width: the illustration steps back to a faint texture instead of crossing it. */}
      <Box
        position="absolute"
        inset="0"
        bgImage={`url(${HERO_IMAGE})`}
        bgSize="cover"
        backgroundPosition={{ base: '70% bottom', lg: 'center' }}
        opacity={0}
        transition={FADE_IN}
        css={whenLoaded({ opacity: { base: 0.22, md: 1 } })}
      />
      {/* Keeps the copy readable where the illustration sits behind it. */}
      <Box
        position="absolute"
        inset="0"
        bgGradient="to-r"
        gradientFrom="rgba(23,20,65,0.92)"
        gradientVia="rgba(23,20,65,0.6)"
        gradientTo="rgba(23,20,65,0)"
        display={{ base: 'none', md: 'block' }}
        {...fade}
      />
      <Container maxW="6xl" position="relative" py={{ base: '16', md: '24' }} {...fade}>
        <HeroCopy />
      </Container>
    </Box>
  );
};
