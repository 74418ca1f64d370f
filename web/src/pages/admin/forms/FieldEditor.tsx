import { Button, HStack } from '@chakra-ui/react';
import type { FieldType } from '@scholarmatch/schemas';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { addField, changeField, type DraftField } from '../../../api/form-designer';
import { keepFocus, SchemaForm } from '../../../forms/SchemaForm';
import { uncheckedValidator } from '../../../forms/unchecked-validator';
import { answersOf, changeOf, editorForm, isCatalogue, type EditorAnswers } from './field-editor-form';
import { useDesignerCall } from './designer-parts';

/** The server names a definition's parts; the editor's own names differ for two of them. */
const EDITOR_PATHS: Record<string, string> = { key: 'fieldKey', 'ui.help': 'help', 'ui.placeholder': 'placeholder', 'validation.required': 'required', visibleWhen: 'conditionField' };

interface FieldEditorProps {
  /** The field as drafted, or undefined for a new field of `section`. */
  field?: DraftField;
  section: string;
  /** Where a new field goes: after the section's last. */
  nextOrder: number;
  others: readonly { key: string; name: string }[];
  onDone: () => void;
}

/**
 * One field's editor (docs/console.md, "Form designer"): the editor form (field-editor-form.ts)
 * with the field's answers; Save writes the draft. The server's refusals show under their fields.
 */
export function FieldEditor({ field, section, nextOrder, others, onDone }: FieldEditorProps) {
  const [answers, setAnswers] = useState<EditorAnswers>(() => (field ? answersOf(field) : { dataType: 'text' }));
  const dataType = (field?.dataType ?? (answers.dataType as FieldType | undefined) ?? 'text') as FieldType;
  const catalogue = field ? isCatalogue(field) : false;
  const form = useMemo(() => editorForm({ isNew: !field, dataType, catalogue, others }), [field, dataType, catalogue, others]);
  const save = useDesignerCall(async (values: EditorAnswers) => {
    const change = changeOf(values, field, dataType);
    if (field) return changeField(field.id, change);
    return addField({ ...change, key: String(values.fieldKey ?? '').trim(), name: change.name ?? '', dataType, section, order: nextOrder });
  }, field ? 'Change saved to the draft' : 'Field added to the draft');
  const serverErrors = useMemo(
    () => (save.error instanceof ApiError ? save.error.fieldErrors.map((problem) => ({ ...problem, path: EDITOR_PATHS[problem.path] ?? problem.path })) : undefined),
    [save.error],
  );
  const keepAnswers = useCallback((values: unknown) => setAnswers(values as EditorAnswers), []);
  const idPrefix = `field-${field?.key ?? `new-${section}`}`;
  return (
    <SchemaForm
      // A new kind of answer brings other rules: the form starts again with the answers kept.
      key={dataType}
      idPrefix={idPrefix}
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={uncheckedValidator}
      formData={answers}
      hideTitle
      disabled={save.isPending}
      serverErrors={serverErrors}
      onChange={keepAnswers}
      onSubmit={(values) => save.mutate(values as EditorAnswers, { onSuccess: onDone })}
      actions={
        <HStack gap="2" mt="4" flexWrap="wrap">
          <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending} onMouseDown={keepFocus}>
            {field ? 'Save change' : 'Add to draft'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </HStack>
      }
    />
  );
}
