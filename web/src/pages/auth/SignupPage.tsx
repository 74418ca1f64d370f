import { Box, Button, Grid, Heading, Link, List, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { signUp, type SignUpBody } from '../../api/accounts';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { eligibilityStatsQueryOptions, type EligibilityFilters } from '../../api/eligibility-stats';
import { SchemaForm } from '../../forms/SchemaForm';
import { RouteLoading } from '../misc/RouteLoading';
import { SWEEPSTAKES_RULES_ANCHOR } from '../public/site-page';

/** What the served sign-up form answers (its fields are data; these are the ones the call needs). */
interface SignUpAnswers {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword?: string;
  consentToContact?: boolean;
  acceptTerms?: boolean;
  /** Fields an admin added to the sign-up form: sent by key as `answers`. */
  [other: string]: unknown;
}

type ApplicantType = NonNullable<SignUpBody['applicantType']>;

/** Who the account is for (seed 000: STUDENT by default, or a self-declared PARENT). */
const APPLICANT_TYPES: { value: ApplicantType; label: string }[] = [
  { value: 'STUDENT', label: 'I am a student' },
  { value: 'PARENT', label: 'I am a parent' },
];

function isApplicantType(value: string | null): value is ApplicantType {
  return APPLICANT_TYPES.some((type) => type.value === value);
}

/**
 * The applicant type, asked before the served form: it is the account's kind in the sign-up call,
 * not an answer of the profile, so no admin-defined field carries it (docs/decisions.md).
 */
function ApplicantTypeChoice({ value, onChange, disabled }: { value: ApplicantType; onChange: (type: ApplicantType) => void; disabled: boolean }) {
  const captionId = useId();
  return (
    <Stack gap="2" mb="6">
      <Text id={captionId} textStyle="sm" fontWeight="medium">
        Who is signing up?
      </Text>
      <RadioGroup.Root
        value={value}
        onValueChange={(details) => isApplicantType(details.value) && onChange(details.value)}
        aria-labelledby={captionId}
        colorPalette="brand"
        disabled={disabled}
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
          {APPLICANT_TYPES.map((type) => (
            <RadioGroup.Item key={type.value} value={type.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{type.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
}

/**
 * The teaser's answers: the seed sends the stored second registration step's school level, field
 * of study and date of birth. This app stores no such step before sign-up (its registration asks
 * them after it, on /auth/userdetails), so it asks about every open scholarship.
 */
const SIGN_UP_FILTERS: EligibilityFilters = {};

/** "You may be eligible for 3 scholarships worth $12,500", or the generic line when there are none or the call failed. */
function EligibilityTeaser() {
  const stats = useQuery(eligibilityStatsQueryOptions(SIGN_UP_FILTERS));
  const counts = stats.data?.counts ?? 0;
  if (counts > 0) {
    return (
      <Text fontSize="lg">
        You may be eligible for{' '}
        <Text as="strong" fontWeight="bold">
          {counts} scholarship{counts === 1 ? '' : 's'}
        </Text>{' '}
        worth{' '}
        <Text as="strong" fontWeight="bold">
          {formatUsd(stats.data?.totalValue ?? 0)}
        </Text>
        . Create your free account and we will show you every one you qualify for.
      </Text>
    );
  }
  return (
    <Text fontSize="lg">
      You are one step away from numerous scholarships matched to your profile. Create your free account and we will
      show you every one you qualify for.
    </Text>
  );
}

/** The left panel (seed 000 section 2): Congratulations, and what may be waiting. */
function CongratulationsPanel() {
  return (
    <Stack gap="6" bg="brand.700" color="white" borderRadius="2xl" p={{ base: '6', md: '10' }}>
      <Heading as="h2" size="2xl">
        Congratulations
      </Heading>
      <EligibilityTeaser />
      <List.Root gap="3" ps="5" fontSize="md" color="whiteAlpha.900">
        <List.Item>Free for students, always.</List.Item>
        <List.Item>One profile, reused for every application.</List.Item>
        <List.Item>Every application and its status in one place.</List.Item>
      </List.Root>
    </Stack>
  );
}

/** /signup, /auth/register and /auth/register1: who is signing up, then the server's `signup` form, rendered generically. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useQuery(formQueryOptions('signup'));
  const geo = useQuery(visitorCountryQueryOptions);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [applicantType, setApplicantType] = useState<ApplicantType>('STUDENT');

  async function submit(values: unknown) {
    const { firstName, lastName, email, phone, password, confirmPassword: _confirm, consentToContact, acceptTerms, ...others } = values as SignUpAnswers;
    setFailure(null);
    setPending(true);
    try {
      await signUp({
        firstName,
        lastName,
        email,
        phone,
        password,
        applicantType,
        isProfileUpdate: 'false',
        isScholarshipApplied: 'false',
        consentToContact: consentToContact === true,
        acceptTerms: acceptTerms === true,
        ...(Object.keys(others).length ? { answers: others } : {}),
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
            <>
              <ApplicantTypeChoice value={applicantType} onChange={setApplicantType} disabled={pending} />
              <SchemaForm
                key={form.data.version}
                schema={form.data.schema}
                validator={form.data.validator}
                hideTitle
                uiSchema={form.data.uiSchema}
                formContext={{ visitorCountry: geo.data ?? undefined }}
                submitLabel="Continue"
                disabled={pending}
                onSubmit={submit}
            />
            </>
          ) : null}
          <Text fontSize="sm" color="fg.muted" mt="4">
            Read the{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/terms">Terms of Use</RouterLink>
            </Link>{' '}
            and the{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/privacy">Privacy Policy</RouterLink>
            </Link>{' '}
            and the{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/terms" hash={SWEEPSTAKES_RULES_ANCHOR}>
                Official Scholarship Rules
              </RouterLink>
            </Link>
            .
          </Text>
        </Box>
      </Grid>
    </Box>
  );
}
