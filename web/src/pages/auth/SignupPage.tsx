import { Box, Button, Grid, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signUp } from '../../api/accounts';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { SchemaForm } from '../../forms/SchemaForm';
import { RouteLoading } from '../misc/RouteLoading';

/** What the served sign-up form answers (its fields are data; these are the ones the call needs). */
interface SignUpAnswers {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  consentToContact?: boolean;
  acceptTerms?: boolean;
}

/**
 * The left panel. With an eligible count above 0 it names the number and combined value (the
 * count arrives with the eligibility stats of the matching work); until then the generic message.
 */
function CongratulationsPanel() {
  return (
    <Stack gap="6" bg="brand.700" color="white" borderRadius="2xl" p={{ base: '6', md: '10' }}>
      <Heading as="h2" size="2xl">
        Congratulations
      </Heading>
      <Text fontSize="lg">
        You are one step away from numerous scholarships matched to your profile. Create your free account and we will
        show you every one you qualify for.
      </Text>
      <List.Root gap="3" ps="5" fontSize="md" color="whiteAlpha.900">
        <List.Item>Free for students, always.</List.Item>
        <List.Item>One profile, reused for every application.</List.Item>
        <List.Item>Every application and its status in one place.</List.Item>
      </List.Root>
    </Stack>
  );
}

/** /signup and /auth/register1: the server's `signup` form, rendered generically. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useQuery(formQueryOptions('signup'));
  const geo = useQuery(visitorCountryQueryOptions);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(values: unknown) {
    const answers = values as SignUpAnswers;
    setFailure(null);
    setPending(true);
    try {
      await signUp({
        firstName: answers.firstName,
        lastName: answers.lastName,
        email: answers.email,
        phone: answers.phone,
        password: answers.password,
        applicantType: 'STUDENT',
        isProfileUpdate: 'false',
        isScholarshipApplied: 'false',
        consentToContact: answers.consentToContact === true,
        acceptTerms: answers.acceptTerms === true,
      });
      await navigate({ to: '/auth/userdetails' });
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  return (
    <Box px="4" py={{ base: '8', md: '12' }}>
      <Grid maxW="6xl" mx="auto" gap="8" templateColumns={{ base: '1fr', lg: '2fr 3fr' }} alignItems="start">
        <CongratulationsPanel />
        <Box borderWidth="1px" borderRadius="2xl" bg="bg" boxShadow="sm" p={{ base: '5', md: '8' }}>
          <Heading as="h1" size="xl" mb="2">
            Create your free account
          </Heading>
          <Text color="fg.muted" mb="6">
            Already have an account?{' '}
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/auth/login">Login</RouterLink>
            </Link>
          </Text>
          <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} mb="6" />
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
              hideTitle
              uiSchema={form.data.uiSchema}
              formContext={{ visitorCountry: geo.data ?? undefined }}
              submitLabel="Continue"
              disabled={pending}
              onSubmit={submit}
            />
          ) : null}
          <Text fontSize="sm" color="fg.muted" mt="4">
            Read the{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/terms">Terms of Use</RouterLink>
            </Link>{' '}
            and the{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/privacy">Privacy Policy</RouterLink>
            </Link>
            .
          </Text>
        </Box>
      </Grid>
    </Box>
  );
}
