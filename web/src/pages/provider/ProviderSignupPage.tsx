import { Box, Button, Grid, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { providerSignUp } from '../../api/accounts';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { RouteLoading } from '../misc/RouteLoading';

function OfferPanel() {
  return (
    <Stack gap="6" bg="brand.700" color="white" borderRadius="2xl" p={{ base: '6', md: '10' }}>
      <Heading as="h2" size="2xl">
        Fund the students you want to reach
      </Heading>
      <Text fontSize="lg">
        Build your scholarship in the browser: the offer, the form applicants fill in, and who may apply.
      </Text>
      <List.Root gap="3" ps="5" fontSize="md" color="whiteAlpha.900">
        <List.Item>Free to set up and publish.</List.Item>
        <List.Item>See how many applicants are eligible while you set the rules.</List.Item>
        <List.Item>Every application in one place.</List.Item>
      </List.Root>
    </Stack>
  );
}

/**
 * /b2b/signup: the served `provider-signup` form, rendered generically and sent as it is (answers
 * keyed by field key) to POST /users/provider-signup (docs/providers.md). The new provider lands
 * on the organisation step to add the logo.
 */
export function ProviderSignupPage() {
  const navigate = useNavigate();
  const form = useQuery(formQueryOptions('provider-signup'));
  const geo = useQuery(visitorCountryQueryOptions);
  const { submit, pending, notice, serverErrors } = useServedFormSubmit({
    send: providerSignUp,
    onSuccess: () => navigate({ to: '/app/organisation', search: { welcome: true } }),
    stayPendingOnSuccess: true,
  });

  return (
    <Box px="4" py={{ base: '8', md: '12' }}>
      <Grid maxW="6xl" mx="auto" gap="8" templateColumns={{ base: '1fr', lg: '2fr 3fr' }} alignItems="start">
        <OfferPanel />
        <Box borderWidth="1px" borderRadius="2xl" bg="bg" boxShadow="sm" p={{ base: '5', md: '8' }}>
          <Heading as="h1" size="xl" mb="2">
            Create a provider account
          </Heading>
          <Text color="fg.muted" mb="6">
            Already a provider?{' '}
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/auth/login">Log in</RouterLink>
            </Link>
          </Text>
          <NoticeBanner notice={notice} mb="6" />
          {form.isPending || geo.isPending ? <RouteLoading label="Loading the form…" /> : null}
          {form.isError ? (
            <Stack gap="3" align="flex-start">
              <Text color="fg.error">{form.error.message}</Text>
              <Button variant="outline" onClick={() => form.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : null}
          {form.data && !geo.isPending ? (
            <SchemaForm
              key={form.data.version}
              schema={form.data.schema}
              validator={form.data.validator}
              hideTitle
              uiSchema={form.data.uiSchema}
              formContext={{ visitorCountry: geo.data ?? undefined }}
              submitLabel="Create account"
              disabled={pending}
              serverErrors={serverErrors}
              onSubmit={(values) => submit(values as Record<string, unknown>)}
            />
          ) : null}
        </Box>
      </Grid>
    </Box>
  );
}
