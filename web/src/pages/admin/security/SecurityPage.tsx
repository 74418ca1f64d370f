import { Box, Button, Code, Field, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { confirmTotp, startTotp, totpStatus, type TotpEnrolment } from '../../../api/staff-totp';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { refreshAccessToken } from '../../../session/auth-middleware';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { TurnOffTotp } from './TurnOffTotp';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';

const STATUS_KEY = ['staff-totp'];

/**
 * Two-step verification for staff (docs/console.md, "Second factor"): set up with an authenticator
 * app (the otpauth QR code, or the secret typed in), confirmed with a code, then the ten recovery
 * codes shown once with a copy button; turned off again with a current code (TurnOffTotp).
 */
export function SecurityPage() {
  useDocumentTitle('Security · ScholarMatch staff');
  const queries = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: totpStatus });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function begin() {
    setFailure(null);
    setNotice(null);
    setPending(true);
    try {
      setEnrolment(await startTotp());
    } catch (error) {
      setFailure(failureText(error));
    }
    setPending(false);
  }

  async function confirmed(codes: string[]) {
    setRecoveryCodes(codes);
    setEnrolment(null);
    // An admin who had to enrol held a token for enrolment only: a refresh gives one for the whole console.
    await refreshAccessToken(null);
    await queries.invalidateQueries({ queryKey: STATUS_KEY });
  }

  async function turnedOff() {
    setNotice('Two-step verification is off.');
    await queries.invalidateQueries({ queryKey: STATUS_KEY });
  }

  const lead = 'Two-step verification asks for a code from an authenticator app after your password.';
  if (status.isPending) return <RouteLoading />;
  if (status.isError) return <StudioPage title="Security" lead={lead}><LoadFailure error={status.error} onRetry={() => void status.refetch()} /></StudioPage>;
  return (
    <StudioPage title="Security" lead={lead}>
      <Stack gap="6" maxW="xl">
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : notice ? { status: 'success', text: notice } : null} />
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} />
        ) : status.data.enabled ? (
          <Stack gap="4" align="stretch">
            <Text>
              Two-step verification is on. Recovery codes left: {status.data.recoveryCodesLeft}.
            </Text>
            {status.data.required ? <Text>Admins must keep two-step verification on.</Text> : <TurnOffTotp onTurnedOff={() => void turnedOff()} />}
          </Stack>
        ) : enrolment ? (
          <Enrolment enrolment={enrolment} onConfirmed={(codes) => void confirmed(codes)} />
        ) : (
          <Stack gap="3" align="flex-start">
            {status.data.required && (
              <Text fontWeight="semibold">Admins must turn on two-step verification before using the console.</Text>
            )}
            <Button colorPalette="brand" loading={pending} onClick={() => void begin()}>
              Set up two-step verification
            </Button>
          </Stack>
        )}
      </Stack>
    </StudioPage>
  );
}

function Enrolment({ enrolment, onConfirmed }: { enrolment: TotpEnrolment; onConfirmed: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      onConfirmed(await confirmTotp(code.trim()));
    } catch (error) {
      setFailure(failureText(error));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Turn on two-step verification">
      <Stack gap="4">
        <Text>Scan this code with your authenticator app, or type the key into it.</Text>
        <Box bg="white" p="3" alignSelf="flex-start" borderWidth="1px" borderRadius="md">
          <QRCodeSVG value={enrolment.otpauthUri} size={180} title="Authenticator set-up code" />
        </Box>
        <Text>
          Key: <Code data-testid="totp-secret">{enrolment.secret}</Code>
        </Text>
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
        <Field.Root required>
          <Field.Label>Code from the app</Field.Label>
          <Input autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={pending}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack gap="3">
      <NoticeBanner notice={{ status: 'success', text: 'Two-step verification is on.' }} />
      <Text>Keep these recovery codes somewhere safe. Each works once, in place of a code from the app. They are not shown again.</Text>
      <List.Root as="ol" ps="6" fontFamily="mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      <HStack>
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
      </HStack>
    </Stack>
  );
}
