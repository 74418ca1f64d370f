import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { BUSINESS_URL } from '../landing/external-links';
import { ExternalLink } from '../landing/ExternalLink';
import { SIGNUP_PATH } from '../landing/nav-links';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

/** Plan names only: prices come from the server and are shown on /membership and in the account, never hard-coded here. */
const PLANS = [
  { name: 'Monthly', popular: false },
  { name: 'Quarterly', popular: true },
  { name: 'Yearly', popular: false },
];

function PlanTile({ name, popular }: { name: string; popular: boolean }) {
  return (
    <Stack p="6" borderWidth="1px" borderRadius="xl" borderColor={popular ? 'brand.500' : 'border'} gap="2">
      <Text fontWeight="bold" fontSize="xl">
        {name}
      </Text>
      {popular ? (
        <Badge colorPalette="brand" alignSelf="flex-start">
          Most Popular
        </Badge>
      ) : null}
      <Text color="fg.muted" textStyle="sm">
        7-day free trial, then billed per plan. Cancel any time.
      </Text>
    </Stack>
  );
}

export function PricingPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="Pricing" title="Free for students">
        Building your profile, seeing your matches and applying cost nothing. A paid membership is optional.
      </PageIntro>
      <Stack gap="10">
        <TextSection title="Membership">
          <Text color="fg.muted">
            A membership adds Easy Apply: our application engine fills in and sends applications to the scholarships
            you match, on your behalf. It comes in three plans, each starting with a 7-day free trial. Prices are in
            US dollars, per month plus taxes.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mt="2">
            {PLANS.map((plan) => (
              <PlanTile key={plan.name} {...plan} />
            ))}
          </SimpleGrid>
          <Text color="fg.muted" textStyle="sm">
            Upgrading does not improve your chances of winning: providers choose their winners on their own rules.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={SIGNUP_PATH}>Sign up free</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to="/membership">See membership prices</RouterLink>
            </Button>
          </HStack>
        </TextSection>
        <TextSection title="For scholarship sponsors">
          <Text color="fg.muted">
            Running a scholarship with our campaign manager is free. Details are on our{' '}
            <ExternalLink href={BUSINESS_URL} color="brand.700" fontWeight="medium">
              business site
            </ExternalLink>
            .
          </Text>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
