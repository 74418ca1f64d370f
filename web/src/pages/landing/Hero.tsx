import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import home from '../../../content/pages/home.md';

const APPLICATION_PARTS = ['Profile and background', 'Academic record', 'Essays and documents'];

function Tick() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path d="m6 10.5 2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The product's promise in one picture: one application, many scholarships. */
function ApplicationCard() {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="2xl" boxShadow="xl" p={{ base: '6', md: '8' }} maxW="md" w="full" mx="auto">
      <Text textStyle="sm" color="fg.muted" fontWeight="medium">
        Your application
      </Text>
      <Heading as="p" size="lg" mt="1">
        Written once
      </Heading>
      <Stack gap="3" mt="6">
        {APPLICATION_PARTS.map((part) => (
          <HStack key={part} gap="3" color="brand.600">
            <Tick />
            <Text color="fg">{part}</Text>
          </HStack>
        ))}
      </Stack>
      <Box mt="8" p="4" borderRadius="xl" bg="brand.50" borderWidth="1px" borderColor="brand.100">
        <Text fontWeight="semibold" color="brand.800">
          Reused for every scholarship you choose
        </Text>
        <Text textStyle="sm" color="brand.800" mt="1">
          Providers only ask for what they need on top.
        </Text>
      </Box>
    </Box>
  );
}

export function Hero() {
  return (
    <Box as="section" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg" py={{ base: '14', md: '24' }}>
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap="6">
            <Badge colorPalette="brand" variant="surface" alignSelf="flex-start" size="lg" borderRadius="full" px="3">
              {home.eyebrow}
            </Badge>
            <Heading as="h1" fontSize={{ base: '4xl', md: '5xl', lg: '6xl' }} lineHeight="1.05" letterSpacing="-0.03em">
              {home.title}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {home.intro}
            </Text>
            <HStack gap="4" wrap="wrap">
              <Button asChild colorPalette="brand" size="xl">
                <RouterLink to="/chatbot">Find my scholarships</RouterLink>
              </Button>
              <Button asChild variant="outline" colorPalette="brand" size="xl">
                <a href={`#${home.sections[0]?.id ?? ''}`}>How it works</a>
              </Button>
            </HStack>
          </Stack>
          <ApplicationCard />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
