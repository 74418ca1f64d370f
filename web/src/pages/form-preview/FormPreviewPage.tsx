import { Alert, Badge, Box, Button, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { formQueryOptions, type FormDefinition } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { SchemaForm } from '../../forms/SchemaForm';
import { PageShell } from '../misc/PageShell';
import { RouteLoading } from '../misc/RouteLoading';

const routeApi = getRouteApi('/forms/$formKey');

function LoadError({ error }: { error: Error }) {
  const isMissing = error instanceof ApiError && error.status === 404;
  return (
    <Alert.Root status={isMissing ? 'warning' : 'error'} borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{isMissing ? 'No such form' : 'The form could not be loaded'}</Alert.Title>
        <Alert.Description>{error.message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function SubmittedValues({ values }: { values: unknown }) {
  return (
    <Box as="section" aria-labelledby="submitted-values" mt="10" borderWidth="1px" borderRadius="xl" overflow="hidden">
      <Box px="5" py="3" bg="bg.subtle" borderBottomWidth="1px">
        <Heading as="h2" id="submitted-values" size="sm">
          Submitted values
        </Heading>
        <Text textStyle="xs" color="fg.muted">
          Valid against the schema. Sending them to the server comes later.
        </Text>
      </Box>
      <Code as="pre" display="block" p="5" whiteSpace="pre-wrap" bg="bg" fontSize="sm">
        {JSON.stringify(values, null, 2)}
      </Code>
    </Box>
  );
}

function FormPreview({ form, visitorCountry }: { form: FormDefinition; visitorCountry?: string }) {
  const [submitted, setSubmitted] = useState<{ values: unknown } | null>(null);
  return (
    <>
      <Box borderWidth="1px" borderRadius="2xl" p={{ base: '5', md: '8' }} bg="bg" boxShadow="sm">
        <SchemaForm
          schema={form.schema}
          validator={form.validator}
          uiSchema={form.uiSchema}
          formContext={{ visitorCountry }}
          onSubmit={(values) => setSubmitted({ values })}
        />
      </Box>
      {submitted ? <SubmittedValues values={submitted.values} /> : null}
    </>
  );
}

/** Renders any served form by its key, knowing nothing of its fields. */
export function FormPreviewPage() {
  const { formKey } = routeApi.useParams();
  const form = useQuery(formQueryOptions(formKey));
  // Settles quickly either way (null on failure); waiting keeps the phone country from jumping.
  const geo = useQuery(visitorCountryQueryOptions);

  return (
    <PageShell maxW="3xl">
      <Stack gap="2" mb="8">
        <HStack gap="3">
          <Text textStyle="sm" fontWeight="semibold" color="brand.700" textTransform="uppercase" letterSpacing="wider">
            Form preview
          </Text>
          {form.data ? (
            <Badge variant="outline" title="Form version">
              {form.data.key} · {form.data.version}
            </Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted">
          This page renders the form exactly as the server serves it: fields, order, rules and messages all come from
          its schema.
        </Text>
      </Stack>
      {form.isPending || geo.isPending ? <RouteLoading label="Loading the form…" /> : null}
      {form.isError ? (
        <Stack gap="4" align="flex-start">
          <LoadError error={form.error} />
          <Button variant="outline" onClick={() => form.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : null}
      {form.data && !geo.isPending ? (
        <FormPreview key={form.data.version} form={form.data} visitorCountry={geo.data ?? undefined} />
      ) : null}
      <Button asChild variant="plain" colorPalette="brand" mt="8" px="0">
        <RouterLink to="/">← Back to the home page</RouterLink>
      </Button>
    </PageShell>
  );
}
