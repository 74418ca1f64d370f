import { Stack, Text } from '@chakra-ui/react';
import { BUSINESS_URL } from '../landing/external-links';
import { ExternalLink } from '../landing/ExternalLink';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

export function PartnersPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Partners" title="Partner with ScholarMatch">
        Organisations that work with students can refer them to ScholarMatch through our affiliate partner programme.
      </PageIntro>
      <Stack gap="10">
        <TextSection title="The affiliate partner programme">
          <Text color="fg.muted">
            Schools, community groups, creators and other organisations can introduce the students they serve to a
            free way of finding and applying for scholarships. The terms of the programme and how to join will be
            published on this page.
          </Text>
        </TextSection>
        <TextSection title="Offering a scholarship?">
          <Text color="fg.muted">
            Brands and scholarship providers run their scholarships with our free campaign manager, which scores
            applicants, embeds on your own site and connects to the tools you already use. It lives on our business
            site:{' '}
            <ExternalLink href={BUSINESS_URL} color="brand.700" fontWeight="medium">
              ScholarMatch for Business
            </ExternalLink>
            .
          </Text>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
