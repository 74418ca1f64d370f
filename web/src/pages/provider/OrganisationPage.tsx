import { Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { formQueryOptions } from '../../api/forms';
import { organisationQueryOptions, saveOrganisation, studioKeys } from '../../api/providers';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { RouteLoading } from '../misc/RouteLoading';
import { LoadFailure, StudioPage } from './StudioPage';

/**
 * /app/organisation: the served `organisation` form with the stored answers (GET/PUT
 * /users/organisation, docs/providers.md). Right after sign-up (`?welcome`) it asks for the logo
 * first: uploads belong to a signed-in owner, so the sign-up form cannot carry one.
 */
export function OrganisationPage() {
  const { welcome } = useSearch({ strict: false }) as { welcome?: boolean };
  const queryClient = useQueryClient();
  const form = useQuery(formQueryOptions('organisation'));
  const organisation = useQuery(organisationQueryOptions);
  const [draft, setDraft] = useState<unknown>();
  const keepDraft = useCallback((values: unknown) => setDraft(values), []);
  const { submit, pending, notice, serverErrors } = useServedFormSubmit({
    send: saveOrganisation,
    onSuccess: (stored) => {
      queryClient.setQueryData(organisationQueryOptions.queryKey, stored);
      void queryClient.invalidateQueries({ queryKey: studioKeys.all, predicate: (query) => query.queryKey[1] !== 'organisation' });
      setDraft(undefined);
    },
    successText: MESSAGES.organisationSaved,
  });

  const failed = form.error ?? organisation.error;
  let body;
  if (failed) body = <LoadFailure error={failed} onRetry={() => void Promise.all([form.refetch(), organisation.refetch()])} />;
  else if (!form.data || !organisation.data) body = <RouteLoading label="Loading your organisation…" />;
  else {
    body = (
      <Stack gap="5">
        {organisation.data.logoUrl ? (
          <HStack gap="4" borderWidth="1px" borderRadius="xl" bg="bg" p="4">
            <Image src={organisation.data.logoUrl} alt="Your logo" maxH="16" maxW="40" objectFit="contain" />
            <Text color="fg.muted" fontSize="sm">
              Your logo, as applicants see it on your scholarships' public pages.
            </Text>
          </HStack>
        ) : null}
        <NoticeBanner notice={notice} />
        <Box borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }}>
          <SchemaForm
            key={form.data.version}
            schema={form.data.schema}
            uiSchema={form.data.uiSchema}
            validator={form.data.validator}
            formData={draft ?? organisation.data.answers}
            hideTitle
            submitLabel="Save"
            disabled={pending}
            serverErrors={serverErrors}
            onChange={keepDraft}
            onSubmit={(values) => submit(values as Record<string, unknown>)}
          />
        </Box>
        {welcome ? (
          <Button asChild alignSelf="flex-start" variant="outline" colorPalette="brand">
            <RouterLink to="/app/scholarships">Continue to your scholarships</RouterLink>
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <StudioPage
      title={welcome ? 'Welcome to ScholarMatch' : 'Organisation'}
      lead={
        welcome
          ? 'Your account is ready. Add your logo and a few words about your organisation: applicants see them on every scholarship you publish.'
          : 'How your organisation appears to applicants.'
      }
      maxW="3xl"
    >
      {body}
    </StudioPage>
  );
}
