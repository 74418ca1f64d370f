import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { designerFormsQueryOptions, draftFieldsQueryOptions, type DesignerForm } from '../../../api/form-designer';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { DraftBar, fieldsOfDesignerForm } from './designer-parts';

function FormRow({ form, fieldCount }: { form: DesignerForm; fieldCount: number | undefined }) {
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to="/admin/forms/$formKey" params={{ formKey: form.key }}>
        <Stack gap="1" px={{ base: '3', md: '5' }} py="3" _hover={{ bg: 'bg.muted' }}>
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Text fontWeight="semibold" minW="0" flex="1" flexBasis={{ base: 'full', sm: '0' }}>
              {form.title}
            </Text>
            <HStack gap="2" flexShrink={0}>
              {form.draftChanges > 0 ? <Badge colorPalette="orange">{form.draftChanges === 1 ? '1 draft change' : `${form.draftChanges} draft changes`}</Badge> : null}
              {form.fixedPayload ? <Badge colorPalette="gray">Fixed keys</Badge> : null}
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {fieldCount === undefined ? form.key : `${fieldCount} field${fieldCount === 1 ? '' : 's'} · ${form.key}`}
          </Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}

/**
 * /admin/forms (docs/console.md, "Form designer"): every served form staff own, with its fields
 * count and the changes drafted to it; the draft's bar; the version history.
 */
export function FormsPage() {
  useDocumentTitle('Forms · ScholarMatch staff');
  const forms = useQuery(designerFormsQueryOptions);
  const fields = useQuery(draftFieldsQueryOptions);
  let body;
  if (forms.error) body = <LoadFailure error={forms.error} onRetry={() => void forms.refetch()} />;
  else if (!forms.data) body = <RouteLoading label="Loading the forms" />;
  else {
    body = (
      <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Forms">
        {forms.data.map((form) => (
          <FormRow key={form.key} form={form} fieldCount={fields.data ? fieldsOfDesignerForm(form, fields.data).filter((field) => field.active !== false).length : undefined} />
        ))}
      </Box>
    );
  }
  return (
    <StudioPage
      title="Forms"
      lead="The forms people fill in. Changes go to a draft; people see them once you publish it as a new version."
      actions={
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/admin/forms/versions">Version history</RouterLink>
        </Button>
      }
    >
      <DraftBar />
      {body}
    </StudioPage>
  );
}
