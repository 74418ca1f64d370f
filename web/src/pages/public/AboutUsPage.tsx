import aboutUs from '../../../content/pages/about-us.md';
import { ContentPage } from './ContentPage';

/** /about-us: content/pages/about-us.md. */
export function AboutUsPage() {
  return <ContentPage page={aboutUs} />;
}
