import { Alert, Box, Container, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { SchemaForm } from '../../forms/SchemaForm';
import { useCurrentUser } from '../../session/session-store';
import { RouteLoading } from '../misc/RouteLoading';

/**
 * /auth/userdetails: the registration completion step, rendered from the server's `registration`
 * form. Storing the answers (PUT /register-applicants/{id}) arrives with the profile work; until
 * then the page says so instead of pretending to save.
 */
export function UserDetailsPage() {
  const user = useCurrentUser();
  const form = useQuery(formQueryOptions('registration'));
  const geo = useQuery(visitorCountryQueryOptions);
  const [checked, setChecked] = useState(false);

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" mb="6">
        {user ? `Welcome, ${user.firstName}!` : 'Complete your profile'}
      </Heading>
      {checked ? (
        <Alert.Root status="info" borderRadius="md" mb="6">
          <Alert.Indicator />
          <Alert.Description>
            Your answers are complete. Saving the profile opens with the next release; your account is ready.
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <Box borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
        {form.isPending || geo.isPending ? <RouteLoading label="Loading the form…" /> : null}
        {form.isError ? <Text color="fg.error">{form.error.message}</Text> : null}
        {form.data && !geo.isPending ? (
          <SchemaForm
            key={form.data.version}
            schema={form.data.schema}
            uiSchema={form.data.uiSchema}
            formData={user ? { firstName: user.firstName, lastName: user.lastName } : undefined}
            formContext={{ visitorCountry: geo.data ?? undefined }}
            submitLabel="Continue"
            onSubmit={() => setChecked(true)}
          />
        ) : null}
      </Box>
    </Container>
  );
}
