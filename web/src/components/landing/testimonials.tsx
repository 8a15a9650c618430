import { Avatar, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { StarIcon } from '../ui/icons';
import { testimonials } from './landing-content';
import { LandingSection } from './section';

const STARS = 5;

const Rating = ({ value }: { value: number }): ReactElement => (
  <HStack gap="0.5" color="yellow.500" role="img" aria-label={`Rated ${value} out of ${STARS}`}>
    {Array.from({ length: STARS }, (_, index) => {
      const fill = value >= index + 1 ? 'full' : value >= index + 0.5 ? 'half' : 'empty';
      return <StarIcon key={index} fill={fill} size={18} />;
    })}
  </HStack>
);

export const Testimonials = (): ReactElement => (
  <LandingSection id="testimonials" title="What Our Customers Say" lead="Sellers and warehouses that ship with us every day.">
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      {testimonials.map((testimonial) => (
        <Card.Root key={testimonial.name} variant="outline" as="figure">
          <Card.Body gap="4">
            <Rating value={testimonial.rating} />
            <Text as="blockquote" flex="1">
              “{testimonial.feedback}”
            </Text>
            <HStack as="figcaption" gap="3">
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback name={testimonial.name} />
              </Avatar.Root>
              <Stack gap="0">
                <Text fontWeight="semibold">{testimonial.name}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {testimonial.designation}
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  </LandingSection>
);
