import home from '../../../content/pages/home.md';
import { useDocumentTitle } from '../../ui/document-title';
import { sitePageTitle } from '@scholarmatch/schemas';
import { Hero } from './Hero';
import { InfoSections } from './InfoSections';
import { PublicLayout } from './PublicLayout';

/** Served at / and /home. Kept in the main chunk, so it imports nothing heavy. */
export function LandingPage() {
  useDocumentTitle(sitePageTitle(home.title));
  return (
    <PublicLayout>
      <Hero />
      <InfoSections />
    </PublicLayout>
  );
}
