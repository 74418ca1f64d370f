import { Alert } from '@chakra-ui/react';

export type Notice = { status: 'success' | 'error'; text: string } | null;

/** The success or error banner above a form (as in the original product: green message or red banner). */
export function NoticeBanner({ notice, mb }: { notice: Notice; mb?: string }) {
  if (!notice) return null;
  return (
    <Alert.Root status={notice.status} borderRadius="md" mb={mb}>
      <Alert.Indicator />
      <Alert.Description>{notice.text}</Alert.Description>
    </Alert.Root>
  );
}
