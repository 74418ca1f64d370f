import { Box } from '@chakra-ui/react';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { InfoSections } from './InfoSections';
import { TopBar } from './TopBar';

export function LandingPage() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <TopBar />
      <Box as="main" flex="1">
        <Hero />
        <InfoSections />
      </Box>
      <Footer />
    </Box>
  );
}
