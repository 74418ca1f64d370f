import { Alert, List, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TextSection } from './PageIntro';

/** Says plainly that a legal page is a summary, so nobody takes it for the binding text. */
export function DraftNotice({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="info" borderRadius="lg" mb="10">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

/** One titled list of points in a legal summary. */
export function SummarySection({ title, points }: { title: string; points: readonly string[] }) {
  return (
    <TextSection title={title}>
      <List.Root gap="2" color="fg.muted" ps="5">
        {points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List.Root>
    </TextSection>
  );
}

export function SummarySections({ sections }: { sections: readonly { title: string; points: readonly string[] }[] }) {
  return (
    <Stack gap="10">
      {sections.map((section) => (
        <SummarySection key={section.title} {...section} />
      ))}
    </Stack>
  );
}
