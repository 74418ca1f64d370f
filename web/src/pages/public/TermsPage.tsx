import { PageShell } from '../misc/PageShell';
import { DraftNotice, SummarySections } from './LegalSummary';
import { PageIntro } from './PageIntro';

const SECTIONS = [
  {
    title: 'Who can use ScholarMatch',
    points: [
      'You must be over 16 to use the service.',
      'The terms cover access to the service, your account, acceptable use, publicity, warranties, indemnification, limits of liability and your rights.',
      'Supplemental terms apply to students, and to businesses that run scholarships through us.',
    ],
  },
  {
    title: 'Fees and billing',
    points: [
      'The service is free for students; a paid membership is optional and starts with a 7-day free trial.',
      'We give 30 days’ notice of a price change, and you have 14 days to object to it.',
      'Refund claims must be made within 60 days.',
      'Changes to your payment method must be made at least 3 business days before the billing date.',
      'Late payments may carry interest of 1.5% per month.',
    ],
  },
  {
    title: 'Liability and disputes',
    points: [
      'Our liability is capped at the fees you paid in the previous six months.',
      'The terms set out the law that governs them, and disputes go to arbitration.',
      'An arbitration claim must be brought within 1 year; claims under $10,000 are decided on written submissions only.',
    ],
  },
  {
    title: 'Scholarship sweepstakes',
    points: [
      'Completing the free registration enters you into our scholarship sweepstakes. Its official rules are Exhibit A to the terms.',
      'Winners must be over 16 and are notified within about 5 business days of the draw.',
      'Prizes over $600 are reported on Form 1099.',
    ],
  },
] as const;

export function TermsPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Legal" title="Terms of use">
        The rules for using ScholarMatch, in short.
      </PageIntro>
      <DraftNotice>
        This is a summary of the main points of our Terms of use. The full text, which will be the binding version,
        is still to be published on this page.
      </DraftNotice>
      <SummarySections sections={SECTIONS} />
    </PageShell>
  );
}
