import { Box } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CallToAction } from '../../components/landing/call-to-action';
import { ChatWidget } from '../../components/landing/chat-widget';
import { Faq } from '../../components/landing/faq';
import { Hero } from '../../components/landing/hero';
import { HowItWorks } from '../../components/landing/how-it-works';
import { Pricing } from '../../components/landing/pricing';
import { SiteFooter } from '../../components/landing/site-footer';
import { Testimonials } from '../../components/landing/testimonials';
import { WhyChooseUs } from '../../components/landing/why-choose-us';
import { PublicTopBar } from '../../components/layout/public-top-bar';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Spec section 2: one scrolling page, sections in this order. */
export const LandingPage = (): ReactElement => {
  useDocumentTitle('Prepaid shipping labels');
  return (
    <Box minH="100dvh">
      <PublicTopBar showSections />
      <main>
        <Hero />
        <HowItWorks />
        <WhyChooseUs />
        <Pricing />
        <Faq />
        <Testimonials />
        <CallToAction />
      </main>
      <SiteFooter />
      <ChatWidget />
    </Box>
  );
};
