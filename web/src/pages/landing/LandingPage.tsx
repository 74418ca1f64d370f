import { Hero } from './Hero';
import { InfoSections } from './InfoSections';
import { PublicLayout } from './PublicLayout';

/** Served at / and /home. Kept in the main chunk, so it imports nothing heavy. */
export function LandingPage() {
  return (
    <PublicLayout>
      <Hero />
      <InfoSections />
    </PublicLayout>
  );
}
