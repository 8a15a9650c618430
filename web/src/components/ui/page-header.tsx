import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One line: what this page is for. */
  description: string;
  /** The page's primary action, shown on the right (below the title on narrow screens). */
  actions?: ReactNode;
}

export const PageHeader = ({ title, description, actions }: PageHeaderProps): ReactElement => (
  <Flex
    as="header"
    direction={{ base: 'column', sm: 'row' }}
    align={{ base: 'stretch', sm: 'flex-start' }}
    justify="space-between"
    gap="3"
    mb="6"
  >
    <Box minW="0">
      <Heading as="h1" size="xl" lineHeight="short">
        {title}
      </Heading>
      <Text color="fg.muted" textStyle="sm" mt="1">
        {description}
      </Text>
    </Box>
    {actions && (
      <Flex gap="2" flexShrink={0} wrap="wrap">
        {actions}
      </Flex>
    )}
  </Flex>
);
