import { Box, Button, Field, Input, Link, PinInput, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, passwordPolicyProblem } from '@scholarmatch/schemas';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { checkResetCode, requestResetCode, resetPassword } from '../../api/accounts';
import { failureText } from '../../api/api-error';
import { NoticeBanner, type Notice } from '../../forms/NoticeBanner';
import { AssistantHeader } from '../chat/AssistantHeader';
import { AuthCard } from './AuthCard';
import { REDIRECT_AFTER_LOGIN_MS } from './LoginForm';

const OTP_LENGTH = 6;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Step = 'email' | 'otp' | 'reset';

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const invalid = submitted && !EMAIL_SHAPE.test(email.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!EMAIL_SHAPE.test(email.trim())) return;
    setPending(true);
    setNotice(null);
    try {
      await requestResetCode(email.trim());
      onSent(email.trim());
    } catch (error) {
      setNotice({ status: 'error', text: failureText(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Request a code">
      <Stack gap="4">
        <NoticeBanner notice={notice} />
        <Field.Root invalid={invalid} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field.ErrorText>{MESSAGES.emailRequired}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={pending}>
          Get OTP
        </Button>
      </Stack>
    </form>
  );
}

function ResendLink({ email, onNotice, onSent }: { email: string; onNotice: (notice: Notice) => void; onSent?: () => void }) {
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      await requestResetCode(email);
      onNotice({ status: 'success', text: MESSAGES.otpSent });
      onSent?.();
    } catch (error) {
      onNotice({ status: 'error', text: failureText(error) });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="plain" colorPalette="brand" px="0" onClick={resend} loading={pending}>
      Resend OTP
    </Button>
  );
}

interface OtpStepProps {
  email: string;
  notice: Notice;
  onNotice: (n: Notice) => void;
  onVerified: (otp: string) => void;
}

function OtpStep({ email, notice, onNotice, onVerified }: OtpStepProps) {
  const [digits, setDigits] = useState<string[]>(Array(OTP_LENGTH).fill(''));
  const [pending, setPending] = useState(false);
  const complete = digits.every((digit) => /^\d$/.test(digit));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setPending(true);
    onNotice(null);
    try {
      await checkResetCode(email, digits.join(''));
      onVerified(digits.join(''));
    } catch (error) {
      onNotice({ status: 'error', text: failureText(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Enter the code">
      <Stack gap="4">
        <NoticeBanner notice={notice} />
        <Text>
          We sent a 6-digit code to <strong>{email}</strong>. It works for 10 minutes.
        </Text>
        <PinInput.Root otp type="numeric" value={digits} onValueChange={(details) => setDigits(details.value)} colorPalette="brand" size="lg">
          <PinInput.HiddenInput />
          <PinInput.Label>One-time password</PinInput.Label>
          <PinInput.Control>
            {digits.map((_, index) => (
              <PinInput.Input key={index} index={index} aria-label={`Digit ${index + 1}`} />
            ))}
          </PinInput.Control>
        </PinInput.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled={!complete} loading={pending}>
          Submit
        </Button>
        <ResendLink email={email} onNotice={onNotice} />
      </Stack>
    </form>
  );
}

interface ResetStepProps {
  email: string;
  otp: string;
  notice: Notice;
  onNotice: (n: Notice) => void;
  /** A new code was sent: back to the code step. */
  onResent: () => void;
}

function ResetStep({ email, otp, onNotice, notice, onResent }: ResetStepProps) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const passwordProblem = password ? passwordPolicyProblem(password) : MESSAGES.passwordRequiredBang;
  const confirmProblem = !confirm ? MESSAGES.confirmPasswordRequired : confirm !== password ? MESSAGES.passwordsDoNotMatchReset : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (passwordProblem || confirmProblem) return;
    setPending(true);
    onNotice(null);
    try {
      await resetPassword(email, otp, password);
      onNotice({ status: 'success', text: MESSAGES.passwordReset });
      setTimeout(() => void navigate({ to: '/auth/dashboard' }), REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      setFailed(true);
      onNotice({ status: 'error', text: failureText(error) });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset Password">
      <Stack gap="4">
        <NoticeBanner notice={notice} />
        <Field.Root invalid={submitted && !!passwordProblem} required>
          <Field.Label>
            New password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field.ErrorText>{passwordProblem}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={submitted && !!confirmProblem} required>
          <Field.Label>
            Confirm password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Field.ErrorText>{confirmProblem}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={pending}>
          Reset Password
        </Button>
        {failed ? <ResendLink email={email} onNotice={onNotice} onSent={onResent} /> : null}
      </Stack>
    </form>
  );
}

const TITLES: Record<Step, { title: string; subtitle: ReactNode }> = {
  email: { title: 'Forgot password', subtitle: 'Enter the e-mail address of your account and we will send you a one-time password.' },
  otp: { title: 'Verify OTP', subtitle: 'Enter the six digits from the e-mail.' },
  reset: { title: 'Reset Password', subtitle: 'Choose a new password of at least 8 characters.' },
};

/** /forgot-password: e-mail, then the e-mailed code, then a new password (as in the original product). */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <AuthCard title={TITLES[step].title} subtitle={TITLES[step].subtitle}>
      {step === 'email' ? (
        <EmailStep
          onSent={(address) => {
            setEmail(address);
            setNotice({ status: 'success', text: MESSAGES.otpSent });
            setStep('otp');
          }}
        />
      ) : null}
      {step === 'otp' ? (
        <OtpStep
          email={email}
          notice={notice}
          onNotice={setNotice}
          onVerified={(code) => {
            setOtp(code);
            setNotice({ status: 'success', text: MESSAGES.otpSubmitted });
            setStep('reset');
          }}
        />
      ) : null}
      {step === 'reset' ? <ResetStep email={email} otp={otp} notice={notice} onNotice={setNotice} onResent={() => setStep('otp')} /> : null}
      <Text fontSize="sm" color="fg.muted" mt="6" textAlign="center">
        Remembered it?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/auth/login">Back to login</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}

/** /forgot-password in its frame: the chat's header, whose 'Login with LennyAI' goes back to the chat. */
export function ForgotPasswordScreen() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <AssistantHeader action="loginWithLenny" />
      <Box as="main">
        <ForgotPasswordPage />
      </Box>
    </Box>
  );
}
