import { Button, Code, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';

interface SecretShownOnceProps {
  /** The region's accessible name ("Your new API key"). */
  label: string;
  heading: ReactNode;
  /** Why it is shown once and where to keep it. */
  advice: ReactNode;
  secret: string | undefined;
  /** The secret's accessible name ("API key secret"). */
  secretLabel: string;
  /** The copy button's words ("Copy key"), "Copied" once done. */
  copyLabel: string;
  onDone: () => void;
}

/** A secret the server shows this once (an API key's, a webhook's signing secret), with a copy button. */
export function SecretShownOnce({ label, heading, advice, secret, secretLabel, copyLabel, onDone }: SecretShownOnceProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack gap="3" borderWidth="2px" borderColor="green.500" borderRadius="xl" bg="bg" p="5" role="region" aria-label={label}>
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <Text fontWeight="medium" overflowWrap="anywhere">
        {advice}
      </Text>
      <Code p="3" borderRadius="md" fontSize="sm" overflowWrap="anywhere" wordBreak="break-all" whiteSpace="normal" aria-label={secretLabel}>
        {secret}
      </Code>
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(secret ?? '').then(() => setCopied(true))}>
          {copied ? 'Copied' : copyLabel}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          I have stored it
        </Button>
      </HStack>
    </Stack>
  );
}
