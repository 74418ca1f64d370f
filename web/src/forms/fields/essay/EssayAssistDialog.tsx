import { Button, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { fetchEssayDraft, type EssayDraft, type EssayKind } from '../../../api/essays';

export interface EssayAssistDialogProps {
  open: boolean;
  onClose: () => void;
  scholarshipId?: string;
  /** The person has text already: the assistant's draft would replace it. */
  replacesText: boolean;
  onDraft: (draft: EssayDraft) => void;
  /** Where the focus goes when the dialog closes: the writing area, so the person can type at once. */
  finalFocusEl?: () => HTMLElement | null;
}

const CHOICES: { kind: EssayKind; label: string; hint: string }[] = [
  { kind: 'essay', label: 'Write a draft essay for me', hint: "From this scholarship's title and description." },
  { kind: 'outline', label: 'Give me an outline', hint: 'From your name, school and field of study.' },
];

/**
 * The choice offered when the essay drawer opens (as in the original product): a draft essay, an outline,
 * or writing alone. While the assistant works a spinner shows; closing the dialog then abandons
 * the request. A failure closes the dialog and is only logged (as in the original product).
 */
export function EssayAssistDialog({ open, onClose, scholarshipId, replacesText, onDraft, finalFocusEl }: EssayAssistDialogProps) {
  const [pending, setPending] = useState<EssayKind | null>(null);
  const request = useRef<AbortController | null>(null);

  const close = () => {
    request.current?.abort();
    request.current = null;
    setPending(null);
    onClose();
  };
  useEffect(() => () => request.current?.abort(), []);

  const ask = (kind: EssayKind) => {
    const controller = new AbortController();
    request.current = controller;
    setPending(kind);
    fetchEssayDraft({ kind, scholarshipId }, controller.signal)
      .then((draft) => {
        if (!controller.signal.aborted) onDraft(draft);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('The essay assistant failed', error);
      })
      .finally(() => {
        if (request.current !== controller) return;
        request.current = null;
        setPending(null);
        onClose();
      });
  };

  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content aria-busy={pending !== null}>
            <Dialog.Header>
              <Dialog.Title>How would you like to start?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {pending ? (
                <HStack gap="3" py="4" role="status">
                  <Spinner size="sm" color="brand.fg" />
                  <Text>{pending === 'essay' ? 'Writing a draft essay…' : 'Writing an outline…'}</Text>
                </HStack>
              ) : (
                <Stack gap="3">
                  <Text color="fg.muted">
                    The writing assistant can start you off. You can change every word afterwards.
                    {replacesText ? ' Its draft replaces what you have written so far.' : ''}
                  </Text>
                  {CHOICES.map(({ kind, label, hint }) => (
                    <Button key={kind} variant="outline" h="auto" py="3" justifyContent="flex-start" onClick={() => ask(kind)}>
                      <Stack gap="0.5" align="start" textAlign="start">
                        <Text fontWeight="semibold">{label}</Text>
                        <Text textStyle="xs" color="fg.muted" fontWeight="normal" whiteSpace="normal">
                          {hint}
                        </Text>
                      </Stack>
                    </Button>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={close}>
                {pending ? 'Cancel' : 'Write it myself'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
