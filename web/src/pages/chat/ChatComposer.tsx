import { Box, Button, Field, HStack, Input } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatView } from './chat-controller';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel', password: 'current-password' };

/** The message box: its kind follows the question asked (an e-mail, a phone number, a masked password). */
export function ChatComposer({ view, onSend }: { view: ChatView; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const typed = view.question?.input.kind === 'typed' ? view.question.input : undefined;
  const type = typed?.type ?? 'text';

  // A new question to type an answer to: the box is cleared and focused.
  useEffect(() => {
    if (!typed) return;
    setText('');
    input.current?.focus();
  }, [view.question, typed]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(text);
    if (text.trim() !== '') setText('');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Send a message">
      <Box borderTopWidth="1px" px={{ base: '3', md: '6' }} py="3">
      <Field.Root invalid={Boolean(view.composerError)}>
        <Field.Label srOnly>{view.question?.question ?? 'Message'}</Field.Label>
        <HStack gap="2" w="full">
          <Input
            ref={input}
            type={type}
            inputMode={type === 'tel' ? 'numeric' : undefined}
            autoComplete={AUTOCOMPLETE[type] ?? 'off'}
            placeholder={typed ? 'Type your answer…' : 'Type a message…'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={view.loading}
          />
          <Button type="submit" colorPalette="brand" disabled={view.loading}>
            Send
          </Button>
        </HStack>
        <Field.ErrorText>{view.composerError}</Field.ErrorText>
      </Field.Root>
      </Box>
    </form>
  );
}
