import { Accordion, Box } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { faqItems } from './landing-content';
import { LandingSection } from './section';

/** One answer open at a time; clicking the open question closes it (`collapsible`). */
export const Faq = (): ReactElement => (
  <LandingSection id="faq" title="Frequently Asked Questions" tinted>
    <Box maxW="3xl" mx="auto">
      <Accordion.Root collapsible variant="enclosed" bg="bg">
        {faqItems.map((item, index) => (
          <Accordion.Item key={item.question} value={`faq-${index}`}>
            <Accordion.ItemTrigger fontWeight="semibold" py="4" cursor="pointer">
              <Box as="span" flex="1" textAlign="start">
                {item.question}
              </Box>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted" maxH="96" overflowY="auto">
                {item.answer}
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Box>
  </LandingSection>
);
