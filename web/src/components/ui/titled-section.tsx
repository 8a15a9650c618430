import { Card, Heading } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** A page's titled card: a landmark named by its heading (`id` ties the two), for pages of a few such parts. */
export const TitledSection = ({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactElement => (
  <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby={id} minW="0">
    <Card.Header pb="2">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
    </Card.Header>
    <Card.Body>{children}</Card.Body>
  </Card.Root>
);
