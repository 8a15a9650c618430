import { Box, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { communityChatUrl } from '../../libs/config';
import { ChatIcon } from '../ui/icons';
import { LogoMark } from '../ui/logo';

/** The only place the brand name appears (spec section 1). */
const BRAND = 'LabelDesk';

export const SiteFooter = (): ReactElement => (
  <Box as="footer" borderTopWidth="1px" bg="bg.subtle" py="8">
    <Container maxW="6xl">
      <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ base: 'flex-start', md: 'center' }}>
        <HStack gap="3">
          <LogoMark size={7} />
          <Text textStyle="sm" color="fg.muted">
            © {new Date().getFullYear()} {BRAND}. All rights reserved.
          </Text>
        </HStack>
        <Link href={communityChatUrl} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium" textStyle="sm">
          <ChatIcon boxSize="4" />
          Join our community chat
        </Link>
      </Flex>
    </Container>
  </Box>
);
