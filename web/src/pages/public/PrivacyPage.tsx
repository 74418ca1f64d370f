import { PageShell } from '../misc/PageShell';
import { DraftNotice, SummarySections } from './LegalSummary';
import { PageIntro } from './PageIntro';

const SECTIONS = [
  {
    title: 'What we collect',
    points: [
      'The details you give us to match you with scholarships and apply for you, such as your contact details, education and background.',
      'Some of it is sensitive, such as your ethnicity and citizenship. You can limit how we use sensitive data.',
      'We do not collect data from children under 13.',
    ],
  },
  {
    title: 'Sharing and sale',
    points: [
      'We may sell personal data to third parties. You can opt out, and we act on an opt-out within 15 business days.',
      'We do not sell the data of anyone under 16.',
    ],
  },
  {
    title: 'How long we keep it',
    points: [
      'About 7 years after your last login or the end of your subscription.',
      'About 3 years for business clients and guardian accounts.',
    ],
  },
  {
    title: 'Your rights',
    points: [
      'Residents of several US states have the right to know, delete and correct their data, to opt out of its sale, to limit the use of sensitive data, and to appeal our decisions. Nevada residents have rights of their own.',
      'You can act yourself or through an authorised agent.',
      'We answer requests within 45 days, extendable to 90, and appeals in about 45 days. You may ask to know what we hold twice in any 12 months.',
    ],
  },
] as const;

export function PrivacyPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Legal" title="Privacy Policy">
        What personal data ScholarMatch collects, what we do with it, and the choices you have.
      </PageIntro>
      <DraftNotice>
        This is a summary of the main points of our Privacy Policy. The full text, which will be the binding
        version, is still to be published on this page.
      </DraftNotice>
      <SummarySections sections={SECTIONS} />
    </PageShell>
  );
}
