import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { failureText } from '../../../api/api-error';
import { previewQueryOptions } from '../../../api/form-designer';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { RouteLoading } from '../../misc/RouteLoading';

/**
 * The form as people would see it once the draft is published: the server's compile of the draft
 * (GET /admin/forms/{key}/preview, the shape GET /forms/{key} serves), rendered by the same
 * SchemaForm and widgets as the live form. Asked again after every change to the draft.
 */
export function FormPreview({ formKey }: { formKey: string }) {
  const preview = useQuery(previewQueryOptions(formKey));
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<string | null>(null);
  const keepAnswers = useCallback((values: unknown) => {
    setAnswers(values as Record<string, unknown>);
    setResult(null);
  }, []);
  let body;
  if (preview.error && !preview.data) body = <NoticeBanner notice={{ status: 'error', text: `The preview could not be loaded: ${failureText(preview.error)}` }} />;
  else if (!preview.data) body = <RouteLoading label="Loading the preview" />;
  else if (Object.keys(preview.data.schema.properties ?? {}).length === 0) body = <Text color="fg.muted">This form has no fields in the draft.</Text>;
  else {
    body = (
      <Box data-testid="form-preview" aria-busy={preview.isFetching}>
        <SchemaForm
          key={preview.data.version}
          idPrefix="preview"
          schema={preview.data.schema}
          uiSchema={preview.data.uiSchema}
          validator={preview.data.validator}
          formData={answers}
          onChange={keepAnswers}
          onSubmit={() => setResult('Every answer is valid: the form would be sent.')}
          actions={
            <HStack justify="flex-end" mt="6" pt="3" borderTopWidth="1px">
              <Button type="submit" colorPalette="brand" onMouseDown={keepFocus}>
                Try Submit
              </Button>
            </HStack>
          }
        />
        <NoticeBanner notice={result ? { status: 'success', text: result } : null} />
      </Box>
    );
  }
  return (
    <Stack as="section" aria-label="Preview" gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          Preview
        </Heading>
        <Text fontSize="xs" color="fg.muted" aria-live="polite">
          {preview.isFetching ? 'Updating…' : 'With the draft applied'}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        The form as people will see it once the draft is published. Nothing here is saved.
      </Text>
      {body}
    </Stack>
  );
}
