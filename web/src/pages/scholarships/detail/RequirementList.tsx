import { Alert, Badge, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Requirement } from '../../../api/scholarships';

type RequirementKind = NonNullable<Requirement['field']['dataType']>;

/** What each kind of requirement will ask for (seed 000 section 3: file, link, checkbox, text, editor). */
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
 * What the application asks for. The requirement form itself (with Save draft and Submit)
 * comes with the applications work: until then this lists the requirements and says so, instead
 * of showing a form that could not be sent.
 */
export function RequirementList({ requirements, applied }: { requirements: Requirement[]; applied: boolean }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id={headingId} size="lg">
        Requirements
      </Heading>
      {requirements.length === 0 ? (
        <Text>This scholarship asks for nothing beyond your profile.</Text>
      ) : (
        <List.Root as="ul" listStyleType="none" gap="3" m="0" p="0">
          {requirements.map((requirement) => (
            <RequirementRow key={requirement.id} requirement={requirement} />
          ))}
        </List.Root>
      )}
      {/* A sent application has nothing left to fill in (seed 000 section 4 hides the Save/Submit bar then). */}
      {applied ? null : (
        <Alert.Root status="info" borderRadius="md">
          <Alert.Indicator />
          <Alert.Description>
            {requirements.length === 0
              ? 'Applying opens with the next release.'
              : 'Applying through the requirement form opens with the next release.'}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
