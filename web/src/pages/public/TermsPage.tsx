import terms from '../../../content/pages/terms.md';
import { LegalPage } from './LegalPage';

/** /terms: the Terms of Use with Exhibit A, the official sweepstakes rules (content/pages/terms.md). */
export function TermsPage() {
  return <LegalPage page={terms} />;
}
