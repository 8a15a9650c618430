import { Box, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { usePublicSite } from '../../services/public/site';
import { ChatIcon } from '../ui/icons';
import { LogoMark } from '../ui/logo';

/** The only place the brand name appears (spec section 1). */
export const BRAND = 'LabelDesk';

export const CommunityChatLink = ({ href }: { href: string }): ReactElement => (
  <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium" textStyle="sm">
    <ChatIcon boxSize="4" />
    Join our community chat
  </Link>
);

/** The community chat link is the operator's (COMMUNITY_CHAT_URL): shown only when one is set. */
export const SiteFooter = (): ReactElement => {
  const communityChatUrl = usePublicSite().data?.communityChatUrl ?? null;
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" py="8">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ base: 'flex-start', md: 'center' }}>
          <HStack gap="3">
            <LogoMark size={7} />
            <Text textStyle="sm" color="fg.muted">
              {`© ${new Date().getFullYear()} ${BRAND}. All rights reserved.`}
            </Text>
          </HStack>
          {communityChatUrl && <CommunityChatLink href={communityChatUrl} />}
        </Flex>
      </Container>
    </Box>
  );
};
