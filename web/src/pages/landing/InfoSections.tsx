import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

const STEPS = [
  {
    title: 'Build your profile once',
    text: 'Your studies, grades, background and goals, in one guided application you can save and finish later.',
  },
  {
    title: 'See where you qualify',
    text: 'We compare your profile with each scholarship’s eligibility rules and show the ones that fit you.',
  },
  {
    title: 'Apply in a few steps',
    text: 'Your application is reused for every scholarship you pick; you add only what a provider asks on top.',
  },
];

const FAQS = [
  {
    question: 'Is financial aid guaranteed?',
    answer: 'No. Each provider decides its own awards. We help you find scholarships you qualify for and apply well.',
  },
  {
    question: 'Does upgrading improve my chances?',
    answer: 'No. Upgrades add conveniences for you; they play no part in any provider’s decision.',
  },
  {
    question: 'Do I fill in a new form for every scholarship?',
    answer: 'No. Your application is written once and reused. Some providers ask a few extra questions or an essay.',
  },
];

function SectionHeading({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <Stack gap="2" mb="10">
      <Text textStyle="sm" fontWeight="semibold" color="brand.700" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h2" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
        {title}
      </Heading>
    </Stack>
  );
}

function HowItWorks() {
  return (
    <Box as="section" id="about" py={{ base: '16', md: '24' }} scrollMarginTop="20">
      <Container maxW="7xl">
        <SectionHeading eyebrow="About us" title="We do the searching. You do the applying." />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap="3" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
              <Text fontWeight="bold" color="brand.700" fontSize="2xl">
                {index + 1}
              </Text>
              <Heading as="h3" size="md">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function PartnersAndPricing() {
  return (
    <Box as="section" bg="bg.subtle" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="12">
          <Box id="partners" scrollMarginTop="20">
            <SectionHeading eyebrow="Partners" title="For scholarship providers" />
            <Text color="fg.muted" fontSize="lg">
              Foundations, universities and companies publish their scholarships with their own eligibility rules and
              receive complete applications from students who meet them.
            </Text>
          </Box>
          <Box id="pricing" scrollMarginTop="20">
            <SectionHeading eyebrow="Pricing" title="Free to start" />
            <Text color="fg.muted" fontSize="lg">
              Creating your profile, seeing your matches and applying cost nothing. Optional upgrades add conveniences
              for you; they never change how a provider judges your application.
            </Text>
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Faq() {
  return (
    <Box as="section" id="faq" py={{ base: '16', md: '24' }} scrollMarginTop="20">
      <Container maxW="4xl">
        <SectionHeading eyebrow="FAQ" title="Good questions" />
        <Stack gap="8">
          {FAQS.map((faq) => (
            <Box key={faq.question}>
              <Heading as="h3" size="md">
                {faq.question}
              </Heading>
              <Text color="fg.muted" mt="2">
                {faq.answer}
              </Text>
            </Box>
          ))}
          <Link asChild color="brand.700" fontWeight="semibold">
            <RouterLink to="/faq">See all questions</RouterLink>
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}

export function InfoSections() {
  return (
    <>
      <HowItWorks />
      <PartnersAndPricing />
      <Faq />
    </>
  );
}
