import { List, Stack, Text } from '@chakra-ui/react';
import { PageShell } from '../misc/PageShell';
import { PageIntro, TextSection } from './PageIntro';

const WHAT_WE_DO = [
  'Match you to scholarships from the details in your profile.',
  'Reuse one application for many scholarships, and re-apply to the ones that recur each year.',
  'Keep messages from scholarship providers in an inbox inside your account.',
  'Track the status of every application you send.',
  'Help with essays, and explain the process in our education centre.',
  'Answer questions and sign you up through a chat assistant.',
];

export function AboutUsPage() {
  return (
    <PageShell>
      <PageIntro eyebrow="About us" title="Less time on forms, more time on what matters">
        ScholarMatch gathers scholarships from many providers, finds the ones you qualify for and applies to them on
        your behalf, so your effort goes into the essays and choices that count.
      </PageIntro>
      <Stack gap="10">
        <TextSection title="What we do">
          <List.Root gap="2" color="fg.muted" ps="5">
            {WHAT_WE_DO.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        </TextSection>
        <TextSection title="Who we are">
          <Text color="fg.muted">
            We are a remote-first team. We build ScholarMatch for students and the parents who help them, and we are
            free for students. We aggregate scholarships offered by third parties: each provider sets its own rules
            and chooses its own winners, so no award is ever guaranteed.
          </Text>
        </TextSection>
      </Stack>
    </PageShell>
  );
}
