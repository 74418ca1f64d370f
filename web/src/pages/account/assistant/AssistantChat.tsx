import { Box, Button, Flex, Link, Stack } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { Link as RouterLink } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { askAssistant, type AssistantType } from '../../../api/assistant-chat';
import { fetchEssayDraft } from '../../../api/essays';
import type { EligibleScholarship } from '../../../api/scholarships';
import { toaster } from '../../../ui/toaster';
import { ServerHtml } from '../../../forms/ServerHtml';
import { useCurrentUser } from '../../../session/session-store';
import { AssistantBubble, LoadingBubble, PersonBubble } from '../../chat/ChatConversation';
import { RouteLoading } from '../../misc/RouteLoading';
import { ScholarshipGrid } from '../../scholarships/ScholarshipGrid';

/** The registration form loads with the form engine, only when the assistant needs it. */
const ProfileFormPanel = lazy(() => import('../ProfileFormPanel').then((module) => ({ default: module.ProfileFormPanel })));

/** The original pause between a saved registration and the recommendations asked for it. */
export const ASK_AFTER_SAVE_MS = 2000;

type Answerable = 'link' | 'essay' | 'unavailable';

/** The options, in the original order: three answered from the matcher, then the others. */
const OPTIONS: { label: string; type?: AssistantType; other?: Answerable }[] = [
  { label: 'Recommendations', type: 'recommendation' },
  { label: 'Easy Apply', type: 'easy_apply' },
  { label: 'Essay only', type: 'essay_only' },
  { label: 'Essay writing', other: 'essay' },
  { label: 'Applying for scholarship', other: 'link' },
  { label: 'Finding Student Loan', other: 'unavailable' },
];

interface Said {
  id: number;
  from: 'person' | 'assistant';
  text: string;
  tone?: 'error' | 'success';
  scholarships?: EligibleScholarship[];
  html?: string;
  link?: { to: '/auth/dashboard/easy-apply'; label: string };
  profileForm?: boolean;
}

/**
 * The dashboard assistant (docs/chat.md, "Dashboard assistant"): the person picks what they want;
 * scholarships come from the server's matcher in one chat (the original POST scholarships/chats),
 * essay help from the essay assistant, and an unfinished registration is done right here first.
 */
export function AssistantChat() {
  const user = useCurrentUser();
  const [said, setSaid] = useState<Said[]>([]);
  const [loading, setLoading] = useState(false);
  const chatId = useRef<string | undefined>(undefined);
  const nextId = useRef(1);
  const end = useRef<HTMLDivElement>(null);
  const say = (message: Omit<Said, 'id'>) => setSaid((current) => [...current, { id: nextId.current++, ...message }]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [said.length, loading]);

  /** One answer of the assistant's, with the loading bubble; a failure shows the toast and the bubble of docs/chat.md. */
  async function answering(work: () => Promise<void>) {
    setLoading(true);
    try {
      await work();
    } catch {
      toaster.create({ type: 'error', title: MESSAGES.assistantFailed });
      say({ from: 'assistant', text: MESSAGES.chatStepFailed, tone: 'error' });
    } finally {
      setLoading(false);
    }
  }

  const ask = (type: AssistantType, question: string) =>
    answering(async () => {
      if (!user) return;
      const answer = await askAssistant(user.id, type, question, chatId.current);
      chatId.current = answer.chat_id;
      if (!answer.profileComplete) say({ from: 'assistant', text: answer.message ?? 'Please complete your signup details first.', profileForm: true });
      else if (answer.data.length === 0) say({ from: 'assistant', text: MESSAGES.noScholarshipFound });
      else say({ from: 'assistant', text: answer.message ?? '', scholarships: answer.data });
    });

  const helpWithEssay = () =>
    answering(async () => {
      const outline = await fetchEssayDraft({ kind: 'outline' });
      say({ from: 'assistant', text: 'Here is an outline for a scholarship essay, from your profile. Open a scholarship to write its essay with me.', html: outline.content });
    });

  function choose(option: (typeof OPTIONS)[number]) {
    say({ from: 'person', text: option.label });
    if (option.type) return void ask(option.type, option.label);
    if (option.other === 'essay') return void helpWithEssay();
    if (option.other === 'link') {
      return say({ from: 'assistant', text: 'Start with Easy Apply: those scholarships need nothing beyond your profile.', link: { to: '/auth/dashboard/easy-apply', label: 'Open Easy Apply' } });
    }
    say({ from: 'assistant', text: MESSAGES.featureNotAvailable });
  }

  return (
    <Stack gap="4">
      <Stack gap="3" role="log" aria-live="polite" aria-label="Conversation with Lenny">
        <AssistantBubble text={`Hi ${user?.firstName ?? 'there'}! What can I help you with?`} />
        {said.map((message) =>
          message.from === 'person' ? (
            <PersonBubble key={message.id} text={message.text} />
          ) : (
            <AssistantBubble key={message.id} text={message.text} tone={message.tone} wide={Boolean(message.scholarships || message.html || message.profileForm)}>
              {message.scholarships ? (
                <Box mt="3">
                  <ScholarshipGrid items={message.scholarships.map((scholarship) => ({ scholarship, saved: scholarship.isLiked }))} pageSize={message.scholarships.length} maxColumns={1} titleAs="h3" />
                </Box>
              ) : null}
              {message.html ? <ServerHtml html={message.html} mt="3" bg="bg" borderRadius="md" p="3" /> : null}
              {message.link ? (
                <Link asChild color="brand.fg" fontWeight="semibold" mt="2" display="inline-block">
                  <RouterLink to={message.link.to}>{message.link.label}</RouterLink>
                </Link>
              ) : null}
              {message.profileForm ? (
                <Box mt="3" bg="bg" borderRadius="md" p="4">
                  <Suspense fallback={<RouteLoading />}>
                    <ProfileFormPanel
                      formKey="registration"
                      submitLabel="Save"
                      successText="Details updated successfully!!"
                      hideTitle
                      onSaved={() => setTimeout(() => void ask('recommendation', 'Recommendations'), ASK_AFTER_SAVE_MS)}
                    />
                  </Suspense>
                </Box>
              ) : null}
            </AssistantBubble>
          ),
        )}
        {loading ? <LoadingBubble /> : null}
      </Stack>
      {loading ? null : (
        <Flex wrap="wrap" gap="2" ps={{ base: '0', sm: '10' }} role="group" aria-label="Choices">
          {OPTIONS.map((option) => (
            <Button key={option.label} variant="outline" colorPalette="brand" size="sm" borderRadius="full" onClick={() => choose(option)}>
              {option.label}
            </Button>
          ))}
        </Flex>
      )}
      <div ref={end} />
    </Stack>
  );
}
