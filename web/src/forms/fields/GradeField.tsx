import { Field, Fieldset, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { ariaDescribedByIds, type ErrorSchema, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { gradeToGpa, type GradeValue, type MarkingSystem } from '@scholarmatch/schemas';
import type { ReactNode } from 'react';
import FieldErrorTemplate from '../templates/FieldErrorTemplate';
import { chakraFieldIds } from '../templates/field-ids';
import { formatGpa, gradeRangeHint, isMarkingSystem, markingSystemLabels, offeredMarkingSystems } from './grade-labels';

type GradePart = keyof GradeValue;
type PartialGrade = Partial<GradeValue>;

function titleOf(schema: RJSFSchema, part: GradePart, fallback: string): string {
  const partSchema = schema.properties?.[part];
  return typeof partSchema === 'object' && typeof partSchema.title === 'string' ? partSchema.title : fallback;
}

function errorsOf(errorSchema: ErrorSchema | undefined, part: GradePart): string[] {
  return (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[part]?.__errors ?? [];
}

function parseGrade(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const grade = Number(text);
  return Number.isFinite(grade) ? grade : undefined;
}

/** One labelled input of the grade, with its own errors under it. */
function GradePartField(props: {
  id: string;
  label: string;
  errors: string[];
  required?: boolean;
  readOnly?: boolean;
  fieldPath: FieldProps['fieldPathId'];
  registry: FieldProps['registry'];
  children: ReactNode;
}) {
  const { id, label, errors, required, readOnly, children } = props;
  return (
    <Field.Root id={id} ids={chakraFieldIds(id)} invalid={errors.length > 0} required={required} readOnly={readOnly} gap="1.5">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <FieldErrorTemplate
        errors={errors}
        fieldPathId={{ $id: id, path: props.fieldPath.path }}
        schema={{}}
        registry={props.registry}
      />
    </Field.Root>
  );
}

/**
 * A grade in the person's own marking system, with its 4-point GPA worked out as they type
 * (`{ markingSystem, grade, gpa }`). Choosing another system clears the grade: 85 means something
 * else out of 10 than out of 100. The server recomputes `gpa` from the other two.
 */
export default function GradeField(props: FieldProps) {
  const { fieldPathId, formData, schema, uiSchema, errorSchema, required, disabled, readonly, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const id = fieldPathId.$id;
  const value: PartialGrade = formData ?? {};
  const systems = offeredMarkingSystems(uiSchema?.['ui:options']?.markingSystems);
  const labels = markingSystemLabels(systems, uiSchema?.markingSystem?.['ui:enumNames']);
  const system = isMarkingSystem(value.markingSystem) ? value.markingSystem : undefined;
  const ids = { system: `${id}_markingSystem`, grade: `${id}_grade`, gpa: `${id}_gpa` };

  const report = (next: PartialGrade) => {
    const isEmpty = next.markingSystem === undefined && next.grade === undefined;
    onChange(isEmpty ? undefined : next, fieldPathId.path, undefined, id);
  };
  const chooseSystem = (text: string) => report({ markingSystem: isMarkingSystem(text) ? (text as MarkingSystem) : undefined });
  const enterGrade = (text: string) => {
    const grade = parseGrade(text);
    report({ markingSystem: system, grade, gpa: gradeToGpa(system, grade) });
  };

  return (
    <Fieldset.Root disabled={disabled} aria-describedby={ariaDescribedByIds(id)} w="full">
      <Fieldset.Legend textStyle="sm" fontWeight="medium" mb="1">
        {schema.title}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden="true" ms="1">
            *
          </Text>
        ) : null}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <GradePartField
          id={ids.system}
          label={titleOf(schema, 'markingSystem', 'Marking system')}
          errors={errorsOf(errorSchema, 'markingSystem')}
          required={required}
          fieldPath={fieldPathId}
          registry={registry}
        >
          <NativeSelect.Root disabled={disabled || readonly}>
            <NativeSelect.Field
              value={system ?? ''}
              onChange={(event) => chooseSystem(event.target.value)}
              onBlur={() => onBlur(ids.system, system)}
              onFocus={() => onFocus(ids.system, system)}
              aria-describedby={ariaDescribedByIds(ids.system)}
            >
              <option value="">Select…</option>
              {systems.map((option) => (
                <option key={option} value={option}>
                  {labels[option]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </GradePartField>
        <GradePartField
          id={ids.grade}
          label={titleOf(schema, 'grade', 'Grade')}
          errors={errorsOf(errorSchema, 'grade')}
          required={required}
          fieldPath={fieldPathId}
          registry={registry}
        >
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            value={value.grade ?? ''}
            placeholder={gradeRangeHint(system)}
            disabled={disabled || !system}
            readOnly={readonly}
            onChange={(event) => enterGrade(event.target.value)}
            onBlur={() => onBlur(ids.grade, value.grade)}
            onFocus={() => onFocus(ids.grade, value.grade)}
            aria-describedby={ariaDescribedByIds(ids.grade)}
          />
        </GradePartField>
        <GradePartField
          id={ids.gpa}
          label={titleOf(schema, 'gpa', 'GPA (4-point scale)')}
          errors={errorsOf(errorSchema, 'gpa')}
          readOnly
          fieldPath={fieldPathId}
          registry={registry}
        >
          <Input readOnly tabIndex={-1} value={formatGpa(gradeToGpa(system, value.grade))} placeholder="—" bg="bg.muted" />
        </GradePartField>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
