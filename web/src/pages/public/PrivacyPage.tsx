import privacy from '../../../content/pages/privacy.md';
import { LegalPage } from './LegalPage';

/** /privacy: the Privacy Policy (content/pages/privacy.md). */
export function PrivacyPage() {
  return <LegalPage page={privacy} />;
}
