import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { Requirement } from '../../../api/scholarships';

type RequirementKind = NonNullable<Requirement['field']['dataType']>;

/** What each kind of requirement will ask for (file, link, checkbox, text, editor: docs/applications.md). */
const KIND_LABELS: Record<RequirementKind, string> = {
  file: 'File upload',
  link: 'Link',
  checkbox: 'Checkbox',
  text: 'Text',
  editor: 'Essay',
};

function RequirementRow({ requirement }: { requirement: Requirement }) {
  const kind = requirement.field.dataType;
  return (
    <List.Item borderWidth="1px" borderRadius="xl" p="4">
      <Stack gap="1.5">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{requirement.title}</Text>
          {kind ? (
            <Badge variant="outline" colorPalette="gray">
              {KIND_LABELS[kind]}
            </Badge>
          ) : null}
          {requirement.optional ? <Badge colorPalette="blue">Optional</Badge> : null}
        </HStack>
        {requirement.description ? (
          <Text fontSize="sm" color="fg.muted">
            {requirement.description}
          </Text>
        ) : null}
      </Stack>
    </List.Item>
  );
}

/**
 * What the application asks for, read-only: shown where the form is not (a non-member looking at
 * the application they sent before their membership ended).
 */
export function RequirementList({ requirements }: { requirements: Requirement[] }) {
  return (
    <List.Root as="ul" listStyleType="none" gap="3" m="0" p="0" aria-label="Requirements">
      {requirements.map((requirement) => (
        <RequirementRow key={requirement.id} requirement={requirement} />
      ))}
    </List.Root>
  );
}
