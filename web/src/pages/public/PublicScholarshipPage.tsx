import { Badge, Box, Button, Container, Heading, HStack, Image, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd, REQUIREMENT_KIND_LABELS, type RequirementKind } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { publicScholarshipQueryOptions, type PublicScholarship } from '../../api/providers';
import { hasServerText, ServerHtml } from '../../forms/ServerHtml';
import { useCan, useCurrentUser } from '../../session/session-store';
import { isNotFound, NotFoundContent } from '../misc/NotFoundPage';
import { LoadFailure } from '../provider/StudioPage';
import { scholarshipDetailsHref } from '../scholarships/membership-gate';
import { formatDeadline } from '../scholarships/ScholarshipCard';
import { useDocumentTitle } from '../../ui/document-title';

function deadlineOf(scholarship: PublicScholarship): string | undefined {
  return scholarship.deadline ?? undefined;
}

/** The amount of one award when every award is the same, else undefined (the total is shown then). */
function amountPerAward(scholarship: PublicScholarship): number | undefined {
  const [first] = scholarship.amounts ?? [];
  return first !== undefined && scholarship.amounts.every((amount) => amount === first) ? first : undefined;
}

/** The text of the sanitised description, for the structured data (no markup in a data block). */
function plainText(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * schema.org structured data for search engines: the scholarship as a MonetaryGrant from its
 * funder. Built with JSON.stringify and `<` escaped, so no text of the scholarship can close the
 * element; a `application/ld+json` script is a data block, never run, so the content security
 * policy has nothing to refuse (docs/security.md).
 */
export function structuredData(scholarship: PublicScholarship, pageUrl: string): string {
  const amount = scholarship.totalAmount;
  const deadline = deadlineOf(scholarship);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'MonetaryGrant',
    name: scholarship.title,
    description: plainText(scholarship.description ?? '').slice(0, 5000),
    url: pageUrl,
    ...(typeof amount === 'number' ? { amount: { '@type': 'MonetaryAmount', currency: 'USD', value: amount } } : {}),
    ...(scholarship.provider?.name
      ? {
          funder: {
            '@type': 'Organization',
            name: scholarship.provider.name,
            ...(scholarship.provider.logoUrl ? { logo: new URL(scholarship.provider.logoUrl, pageUrl).toString() } : {}),
            ...(scholarship.provider.website ? { url: scholarship.provider.website } : {}),
          },
        }
      : {}),
    ...(deadline ? { potentialAction: { '@type': 'ApplyAction', target: pageUrl, endTime: deadline } } : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5" borderWidth="1px" borderRadius="xl" bg="bg.subtle" p="3" minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" overflowWrap="anywhere">
        {value}
      </Text>
    </Stack>
  );
}

/** Sign up to apply (signed out), Apply (an applicant: the scholarship's own page), nothing for a provider. */
function ApplyButton({ scholarship }: { scholarship: PublicScholarship }) {
  const user = useCurrentUser();
  const applies = useCan('apply_scholarship');
  if (!scholarship.open) return <Badge colorPalette="gray" size="lg">Closed: no more applications</Badge>;
  if (user && !applies) return null;
  if (!user) {
    return (
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/signup">Sign up to apply</RouterLink>
      </Button>
    );
  }
  return (
    <Button asChild colorPalette="brand" size="lg">
      <a href={scholarshipDetailsHref(scholarship.id)}>Apply</a>
    </Button>
  );
}

function ScholarshipView({ scholarship }: { scholarship: PublicScholarship }) {
  const perAward = amountPerAward(scholarship);
  const awards = scholarship.amounts?.length ?? 0;
  const provider = scholarship.provider;
  useDocumentTitle(`${scholarship.title} · ScholarMatch`);
  return (
    <Stack gap="5">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData(scholarship, window.location.href) }} />
      <Stack gap="5" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
        <HStack gap="4" align="center">
          {provider?.logoUrl ? (
            <Image src={provider.logoUrl} alt={provider.name ? `${provider.name} logo` : 'Logo'} maxH="14" maxW="32" objectFit="contain" flexShrink={0} />
          ) : null}
          <Stack gap="1" minW="0">
            {provider?.name ? (
              <Text color="fg.muted" fontWeight="medium">
                {provider.name}
              </Text>
            ) : null}
            <Heading as="h1" size={{ base: 'xl', md: '3xl' }} overflowWrap="anywhere">
              {scholarship.title}
            </Heading>
          </Stack>
        </HStack>
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
          <Fact label={perAward !== undefined ? 'Amount per award' : 'Total amount'} value={formatUsd(perAward ?? scholarship.totalAmount)} />
          <Fact label="Awards" value={awards ? String(awards) : '—'} />
          <Fact label="Deadline" value={formatDeadline(deadlineOf(scholarship))} />
          <Fact label="Requirements" value={String(scholarship.requirements?.length ?? 0)} />
        </SimpleGrid>
        <Box>
          <ApplyButton scholarship={scholarship} />
        </Box>
      </Stack>
      {hasServerText(scholarship.description) ? (
        <Stack as="section" aria-label="Description" gap="3" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
          <Heading as="h2" size="lg">
            About this scholarship
          </Heading>
          <ServerHtml html={scholarship.description} />
        </Stack>
      ) : null}
      <Stack as="section" aria-label="What to send" gap="3" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
        <Heading as="h2" size="lg">
          What to send
        </Heading>
        {scholarship.requirements?.length ? (
          <List.Root as="ul" listStyleType="none" gap="3" m="0" p="0" aria-label="Requirements">
            {scholarship.requirements.map((requirement, index) => (
              <List.Item key={`${index}-${requirement.title}`} borderWidth="1px" borderRadius="xl" p="4">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{requirement.title}</Text>
                  <Badge variant="outline" colorPalette="gray">
                    {REQUIREMENT_KIND_LABELS[requirement.kind as RequirementKind] ?? requirement.kind}
                  </Badge>
                  {requirement.optional ? <Badge colorPalette="blue">Optional</Badge> : null}
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">Nothing: eligible applicants apply in one click.</Text>
        )}
      </Stack>
    </Stack>
  );
}

/** /scholarships/{slug}: the public page of a published (or closed) scholarship, with structured data (docs/providers.md). */
export function PublicScholarshipPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const scholarship = useQuery(publicScholarshipQueryOptions(slug));
  let body;
  if (scholarship.error) {
    body =
      isNotFound(scholarship.error) ? (
        <NotFoundContent title="This scholarship is not open" text="It may not be published yet, or the address is mistyped." />
      ) : (
        <LoadFailure error={scholarship.error} onRetry={() => void scholarship.refetch()} />
      );
  } else if (!scholarship.data) {
    body = <Skeleton role="status" aria-busy="true" height="60" borderRadius="2xl" aria-label="Loading the scholarship" />;
  } else {
    body = <ScholarshipView scholarship={scholarship.data} />;
  }
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      {body}
    </Container>
  );
}
