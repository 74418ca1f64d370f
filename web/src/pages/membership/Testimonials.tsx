import { Stack, Text } from '@chakra-ui/react';
import { Carousel } from './Carousel';

/** Static marketing text (docs/decisions.md, "Memberships (web)", Carousels). */
const TESTIMONIALS = [
  {
    quote:
      'I filled in my profile once and Easy Apply sent my applications while I studied for finals. Two months later I won a $2,000 scholarship.',
    name: 'Priya S.',
    role: 'Nursing student',
  },
  {
    quote:
      'I never had time to apply to more than a handful of scholarships. As a member I applied to dozens, and one of them paid $5,000 towards my first year.',
    name: 'Marcus T.',
    role: 'High school senior',
  },
  {
    quote:
      'The recurring scholarships are applied to again every year without me doing anything. That alone was worth the membership.',
    name: 'Elena R.',
    role: 'Engineering student',
  },
];

/** The rotating testimonials under the plans. */
export function Testimonials() {
  return (
    <Carousel
      label="What members say"
      itemName="testimonial"
      rotateEveryMs={8000}
      slides={TESTIMONIALS.map((testimonial) => (
        <Stack key={testimonial.name} as="figure" gap="3" textAlign="center" maxW="2xl" mx="auto" my="0" px="4" minH="32">
          <Text as="blockquote" fontSize={{ base: 'md', md: 'lg' }} fontStyle="italic">
            “{testimonial.quote}”
          </Text>
          <Text as="figcaption" color="fg.muted" fontSize="sm">
            <Text as="span" fontWeight="semibold" color="fg">
              {testimonial.name}
            </Text>
            , {testimonial.role}
          </Text>
        </Stack>
      ))}
    />
  );
}
