import { Box, Button, Grid, Heading, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import { signUp, type SignUpBody } from '../../api/accounts';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { formQueryOptions } from '../../api/forms';
import { visitorCountryQueryOptions } from '../../api/geo';
import { fieldDefinitionsQueryOptions } from '../../api/profile';
import { SchemaForm } from '../../forms/SchemaForm';
import { useServedFormSubmit } from '../../forms/use-served-form-submit';
import { RouteLoading } from '../misc/RouteLoading';
import { SWEEPSTAKES_RULES_ANCHOR } from '../public/site-page';
import { CongratulationsPanel } from './CongratulationsPanel';

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

/** Who the account is for (STUDENT by default, or a self-declared PARENT: docs/decisions.md). */
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

/** The sign-up call's body: the account's answers by name, the applicant type, and any other answer by key. */
function signUpBodyOf(values: SignUpAnswers, applicantType: ApplicantType): SignUpBody {
  const { firstName, lastName, email, phone, password, confirmPassword: _confirm, consentToContact, acceptTerms, ...others } = values;
  return {
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
  };
}

/** /signup, /auth/register and /auth/register1: who is signing up, then the server's `signup` form, rendered generically. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useQuery(formQueryOptions('signup'));
  const geo = useQuery(visitorCountryQueryOptions);
  const [applicantType, setApplicantType] = useState<ApplicantType>('STUDENT');
  const definitions = useQuery(fieldDefinitionsQueryOptions);
  // The form's answers to profile questions (an admin may add some to the sign-up form): the
  // panel counts with them. Never the names, e-mail or password: those are no profile fields.
  const [profileAnswers, setProfileAnswers] = useState<Record<string, unknown>>({});
  const keepProfileAnswers = useCallback(
    (values: unknown) => {
      const profileKeys = new Set(definitions.data?.map((field) => field.key));
      const answers = Object.entries((values ?? {}) as Record<string, unknown>).filter(([key]) => profileKeys.has(key));
      setProfileAnswers((previous) => (JSON.stringify(previous) === JSON.stringify(Object.fromEntries(answers)) ? previous : Object.fromEntries(answers)));
    },
    [definitions.data],
  );

  // The sign-up call names no field it refuses: its failure is the banner only.
  const { submit, pending, notice } = useServedFormSubmit({
    send: (values: SignUpAnswers) => signUp(signUpBodyOf(values, applicantType)),
    onSuccess: () => navigate({ to: '/auth/userdetails' }),
    stayPendingOnSuccess: true,
  });

  return (
    <Box px="4" py={{ base: '8', md: '12' }}>
      <Grid maxW="6xl" mx="auto" gap="8" templateColumns={{ base: '1fr', lg: '2fr 3fr' }} alignItems="start">
        <CongratulationsPanel formAnswers={profileAnswers} />
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
                onChange={keepProfileAnswers}
                onSubmit={(values) => submit(values as SignUpAnswers)}
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
