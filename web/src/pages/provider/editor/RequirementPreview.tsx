import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { compileRequirementForm, REQUIREMENT_EDITOR_KEYS, requirementsFromDrafts, type RequirementDraft } from '@scholarmatch/schemas';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { failureText } from '../../../api/api-error';
import type { FormDefinition } from '../../../api/forms';
import { previewRequirementForm, type RequirementBody } from '../../../api/providers';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { uncheckedValidator } from '../../../forms/unchecked-validator';
import { preloadRequirementParts } from '../../../forms/widgets/lazy-widgets';

// Requirement forms show essays and files: their code starts loading with this page's.
void preloadRequirementParts();

/** How long the builder waits after the last change before asking the server for its compile. */
export const PREVIEW_DEBOUNCE_MS = 250;

/** Ids for requirements not saved yet: the compile's version does not depend on them. */
const previewId = (index: number) => `preview-${index}`;

/**
 * The server's compile of the unsaved requirements, asked for a moment after the last change
 * (docs/providers.md, "Requirements": POST /scholarship/{id}/requirement/preview), with its
 * validator imported. A newer change cancels the call in flight.
 */
function useServedPreview(scholarshipId: string, bodies: RequirementBody[]) {
  const bodyText = JSON.stringify(bodies);
  const [served, setServed] = useState<FormDefinition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    // A requirement just added has no title yet: the server would refuse the list, and the
    // preview says so only once the person has given it one (or saves).
    if (!everyRequirementTitled(JSON.parse(bodyText) as RequirementBody[])) {
      setFailure(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewRequirementForm(scholarshipId, JSON.parse(bodyText) as RequirementBody[], controller.signal)
        .then((form) => {
          setServed(form);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure(failureText(error));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [scholarshipId, bodyText]);
  return { served, failure };
}

function everyRequirementTitled(bodies: RequirementBody[]): boolean {
  return bodies.every((body) => String(body.answers[REQUIREMENT_EDITOR_KEYS.title] ?? '').trim() !== '');
}

interface RequirementPreviewProps {
  scholarshipId: string;
  drafts: readonly RequirementDraft[];
  /** What the preview call takes: the same requirements as PUT would send. */
  bodies: RequirementBody[];
}

/**
 * The requirement form exactly as an applicant sees it (docs/providers.md, "In the browser"): the
 * shared compiler (`compileRequirementForm`) runs here on every change, so the preview follows each
 * keystroke, and it is rendered by the same SchemaForm and widgets as the applicant's page. Its
 * messages come from the server's compiled validator of the same version: until the server's
 * compile of the latest change has arrived (same compiler, so same version), Submit waits.
 */
export function RequirementPreview({ scholarshipId, drafts, bodies }: RequirementPreviewProps) {
  const local = useMemo(() => compileRequirementForm(scholarshipId, requirementsFromDrafts(drafts, previewId)), [scholarshipId, drafts]);
  const { served, failure } = useServedPreview(scholarshipId, bodies);
  const checked = served !== null && served.version === local.version;
  // The same content either way; the served schema is the one its validator was compiled for.
  const schema = checked ? served.schema : (local.schema as RJSFSchema);
  const uiSchema = checked ? served.uiSchema : (local.uiSchema as UiSchema);
  const validator = checked ? served.validator : uncheckedValidator;

  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<string | null>(null);
  const keepAnswers = useCallback((values: unknown) => {
    setAnswers(values as Record<string, unknown>);
    setResult(null);
  }, []);
  const fieldCount = Object.keys(local.schema.properties ?? {}).length;

  return (
    <Stack as="section" aria-label="Preview" gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          Preview
        </Heading>
        <Text fontSize="xs" color="fg.muted" aria-live="polite" data-testid="preview-state">
          {checked ? 'As applicants see it' : 'Checking…'}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        This is the form applicants fill in. Try it: Submit shows the messages they would get. Nothing here is saved.
      </Text>
      <NoticeBanner notice={failure ? { status: 'error', text: `The preview could not be checked: ${failure}` } : null} />
      {fieldCount === 0 ? (
        <Text color="fg.muted" py="4">
          No requirements: applicants apply in one click (Easy Apply).
        </Text>
      ) : (
        <Box data-testid="requirement-preview">
          <SchemaForm
            schema={schema}
            uiSchema={uiSchema}
            validator={validator}
            formData={answers}
            hideTitle
            onChange={keepAnswers}
            onSubmit={() => setResult('Every answer is valid: the application would be sent.')}
            actions={
              <HStack justify="flex-end" mt="6" pt="3" borderTopWidth="1px">
                <Button type="submit" colorPalette="brand" disabled={!checked} onMouseDown={keepFocus}>
                  Submit application
                </Button>
              </HStack>
            }
          />
          <NoticeBanner notice={result ? { status: 'success', text: result } : null} />
        </Box>
      )}
    </Stack>
  );
}
