import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { designerFormsQueryOptions, draftFieldsQueryOptions, removeField, reorderFields, revertField, type DesignerForm, type DraftField } from '../../../api/form-designer';
import { ReorderButtons } from '../../../forms/ReorderButtons';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { DraftBar, fieldsOfDesignerForm, StateBadges, useDesignerCall } from './designer-parts';
import { FieldEditor } from './FieldEditor';
import { isCatalogue, typeLabelOf } from './field-editor-form';
import { FormPreview } from './FormPreview';
import { OptionsPanel } from './OptionsPanel';

/** The borrowed fields' group (the sign-up asks for the names the profile owns): not a section of the form's own. */
const BORROWED = '';

const byOrder = (a: DraftField, b: DraftField) => a.order - b.order || a.key.localeCompare(b.key);

interface Group {
  section: string;
  /** In the draft's order; removed ones last, out of the order. */
  fields: DraftField[];
}

/** The form's fields by section, as the compiler orders them: borrowed ones first in the listed order, then each section's. */
function groupsOf(form: DesignerForm, fields: readonly DraftField[]): Group[] {
  const inForm = fieldsOfDesignerForm(form, fields);
  const borrowed = form.fieldKeys
    .map((key) => inForm.find((field) => field.key === key && !form.sections.includes(field.section)))
    .filter((field): field is DraftField => !!field);
  const place = (list: DraftField[]) => [...list.filter((field) => field.draft !== 'removed'), ...list.filter((field) => field.draft === 'removed')];
  const groups = form.sections.map((section) => ({ section, fields: place(inForm.filter((field) => field.section === section && !borrowed.includes(field)).sort(byOrder)) }));
  return borrowed.length ? [{ section: BORROWED, fields: place(borrowed) }, ...groups] : groups;
}

interface FieldRowProps {
  field: DraftField;
  form: DesignerForm;
  group: Group;
  index: number;
  movable: number;
  open: boolean;
  others: readonly { key: string; name: string }[];
  onToggle: () => void;
}

function FieldRow({ field, form, group, index, movable, open, others, onToggle }: FieldRowProps) {
  const removed = field.draft === 'removed';
  const move = useDesignerCall((by: number) => {
    const keys = group.fields.filter((one) => one.draft !== 'removed').map((one) => one.key);
    const [moved] = keys.splice(index, 1);
    keys.splice(index + by, 0, moved);
    return reorderFields(form.key, keys);
  });
  const remove = useDesignerCall(() => removeField(field.id), 'Field removed in the draft');
  const revert = useDesignerCall(() => revertField(field.id), 'Draft change reverted');
  const panelId = `designer-field-${field.key}`;
  return (
    <Box as="li" borderWidth="1px" borderRadius="xl" bg={removed ? 'bg.muted' : 'bg'} borderColor={open ? 'brand.muted' : 'border'} aria-label={field.name}>
      <HStack gap="2" p="2" ps="3" flexWrap="wrap">
        <Stack gap="1" flex="1" minW="48">
          <Text fontWeight="semibold" textDecoration={removed ? 'line-through' : undefined}>
            {field.name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {typeLabelOf(field.dataType)} · {field.key}
            {field.visibleWhen ? ` · shown when ${field.visibleWhen.fieldKey} is ${field.visibleWhen.in.join(' or ')}` : ''}
          </Text>
          <StateBadges field={field} />
        </Stack>
        <HStack gap="1" flexWrap="wrap">
          {removed || group.section === BORROWED ? null : (
            // Never disabled while a move is sent: a focused button that turns disabled drops the keyboard's focus.
            <ReorderButtons title={field.name} index={index} count={movable} onMove={(by) => (move.isPending ? undefined : move.mutate(by))} />
          )}
          {removed ? null : (
            <Button size="sm" variant="outline" aria-expanded={open} aria-controls={open ? panelId : undefined} aria-label={`Edit ${field.name}`} onClick={onToggle}>
              Edit
            </Button>
          )}
          {field.draft ? (
            <Button size="sm" variant="ghost" loading={revert.isPending} aria-label={`Revert ${field.name}`} onClick={() => revert.mutate(undefined)}>
              Revert
            </Button>
          ) : null}
          {field.system || removed ? null : (
            <Button size="sm" variant="ghost" colorPalette="red" loading={remove.isPending} aria-label={`Remove ${field.name}`} onClick={() => remove.mutate(undefined)}>
              Remove
            </Button>
          )}
        </HStack>
      </HStack>
      {open ? (
        <Box id={panelId} px={{ base: '3', md: '4' }} pb="4" pt="2" borderTopWidth="1px">
          <FieldEditor field={field} section={field.section} nextOrder={field.order} others={others} onDone={onToggle} />
          {isCatalogue(field) && field.id > 0 ? <OptionsPanel fieldId={field.id} fieldName={field.name} /> : null}
        </Box>
      ) : null}
    </Box>
  );
}

function SectionGroup({ form, group, fields, openKey, setOpenKey }: { form: DesignerForm; group: Group; fields: readonly DraftField[]; openKey: string | null; setOpenKey: (key: string | null) => void }) {
  const movable = group.fields.filter((field) => field.draft !== 'removed').length;
  const adding = openKey === `new:${group.section}`;
  // A condition depends on an unconditional field of the same form (the compiler drops any other).
  const others = fields.filter((field) => field.draft !== 'removed' && !field.visibleWhen).map((field) => ({ key: field.key, name: field.name }));
  const lastOrder = Math.max(0, ...group.fields.map((field) => field.order));
  const title = group.section === BORROWED ? 'Asked from other forms' : `Section: ${group.section}`;
  const headingId = `designer-section-${group.section || 'borrowed'}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <Heading as="h2" size="sm" id={headingId}>
        {title}
      </Heading>
      {group.section === BORROWED ? (
        <Text fontSize="sm" color="fg.muted">
          These fields belong to another form; this one asks them first, in a fixed order. A change here changes them everywhere.
        </Text>
      ) : null}
      <Stack as="ol" listStyleType="none" m="0" p="0" gap="2" aria-label={title}>
        {group.fields.map((field, index) => (
          <FieldRow
            key={field.key}
            field={field}
            form={form}
            group={group}
            index={index}
            movable={movable}
            open={openKey === field.key}
            others={others.filter((other) => other.key !== field.key)}
            onToggle={() => setOpenKey(openKey === field.key ? null : field.key)}
          />
        ))}
      </Stack>
      {group.section === BORROWED ? null : adding ? (
        <Box borderWidth="1px" borderRadius="xl" borderColor="brand.muted" bg="bg" p={{ base: '3', md: '4' }}>
          <Text fontWeight="semibold" mb="2">
            New field in {group.section}
          </Text>
          <FieldEditor section={group.section} nextOrder={lastOrder + 10} others={others} onDone={() => setOpenKey(null)} />
        </Box>
      ) : (
        <Button size="sm" variant="outline" colorPalette="brand" alignSelf="flex-start" onClick={() => setOpenKey(`new:${group.section}`)}>
          Add field to {group.section}
        </Button>
      )}
    </Stack>
  );
}

/**
 * /admin/forms/$formKey (docs/console.md, "Form designer"): the form's fields by section with their
 * state in the draft, each moved, edited, removed or reverted; new fields added; the preview beside.
 */
export function FormDesignerPage() {
  const { formKey } = useParams({ strict: false }) as { formKey: string };
  const forms = useQuery(designerFormsQueryOptions);
  const fields = useQuery(draftFieldsQueryOptions);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const form = forms.data?.find((one) => one.key === formKey);
  useDocumentTitle(`${form?.title ?? 'Form'} · Forms · ScholarMatch staff`);
  const groups = useMemo(() => (form && fields.data ? groupsOf(form, fields.data) : []), [form, fields.data]);
  const inForm = useMemo(() => groups.flatMap((group) => group.fields), [groups]);

  const failed = forms.error ?? fields.error;
  let body;
  if (failed) body = <LoadFailure error={failed} onRetry={() => void Promise.all([forms.refetch(), fields.refetch()])} />;
  else if (!forms.data || !fields.data) body = <RouteLoading label="Loading the form" />;
  else if (!form) body = <Text>There is no form {formKey} in the designer.</Text>;
  else {
    body = (
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Stack gap="6" minW="0">
          {inForm.some((field) => field.system) ? (
            <Text fontSize="sm" color="fg.muted">
              Fields marked System are ones the product relies on: they can be moved and reworded, not removed, and keep their kind of answer.
            </Text>
          ) : null}
          {form.fixedPayload ? (
            <Text fontSize="sm" color="fg.muted" borderWidth="1px" borderRadius="lg" px="3" py="2">
              Apps send this form fixed answers: its fields keep their keys, and a field added here is optional for them.
            </Text>
          ) : null}
          {groups.map((group) => (
            <SectionGroup key={group.section || 'borrowed'} form={form} group={group} fields={inForm} openKey={openKey} setOpenKey={setOpenKey} />
          ))}
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '20' }} minW="0">
          <FormPreview formKey={form.key} />
        </Box>
      </Grid>
    );
  }
  return (
    <StudioPage
      title={form?.title ?? 'Form'}
      maxW="7xl"
      lead={form?.description ?? 'Move, edit, add and remove fields; each change goes to the draft.'}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/admin/forms">All forms</RouterLink>
        </Button>
      }
    >
      <DraftBar />
      {body}
    </StudioPage>
  );
}
