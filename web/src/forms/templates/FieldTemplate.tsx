import { Box, Field, Heading, Text } from '@chakra-ui/react';
import type { FieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { chakraFieldIds, labelId } from './field-ids';

/** Objects and item lists lay out their own children; only leaf fields get a label and a control. */
function isGroup(schema: RJSFSchema, displayLabel: boolean | undefined): boolean {
  return schema.type === 'object' || (schema.type === 'array' && !displayLabel);
}

function widgetOf(uiSchema: UiSchema | undefined): unknown {
  return uiSchema?.['ui:widget'];
}

/** A tick box carries its own label, next to the box. */
function labelsItself(schema: RJSFSchema, uiSchema: UiSchema | undefined): boolean {
  const widget = widgetOf(uiSchema);
  return schema.type === 'boolean' && widget !== 'radio' && widget !== 'select';
}

/** A set of radio buttons is named by a caption, not by a `<label for>` pointing at one of them. */
function isLabelledGroup(uiSchema: UiSchema | undefined): boolean {
  return widgetOf(uiSchema) === 'radio';
}

function FieldCaption({ id, label, required, asGroupCaption }: { id: string; label: string; required?: boolean; asGroupCaption: boolean }) {
  if (asGroupCaption) {
    return (
      // Laid out like Field.Label, so a group's asterisk sits where every other field's does.
      <Text id={labelId(id)} textStyle="sm" fontWeight="medium" display="flex" alignItems="center" gap="1">
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Text>
    );
  }
  return (
    <Field.Label>
      {label}
      <Field.RequiredIndicator />
    </Field.Label>
  );
}

/**
 * Wraps each leaf field in Chakra's `Field.Root` with `id` = RJSF's input id, so the label's `for`
 * is the input's id (the stock Chakra theme links the label to a generated id instead) and the
 * control inherits invalid/required/disabled. Description, help and errors follow the control and
 * carry the ids the control's `aria-describedby` names.
 */
export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, displayLabel, required, disabled, readonly, hidden, rawErrors = [] } = props;
  const { children, description, rawDescription, help, errors, schema, uiSchema, classNames, style } = props;

  if (hidden) return <Box display="none">{children}</Box>;

  if (isGroup(schema, displayLabel)) {
    return (
      <Box className={classNames} style={style}>
        {children}
        {errors}
      </Box>
    );
  }

  const showCaption = Boolean(displayLabel && label) && !labelsItself(schema, uiSchema);
  const heading = uiSchema?.['ui:heading'];
  const field = (
    <Field.Root
      id={id}
      ids={chakraFieldIds(id)}
      invalid={rawErrors.length > 0}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      className={classNames}
      style={style}
      gap="1.5"
    >
      {showCaption ? (
        <FieldCaption id={id} label={label} required={required} asGroupCaption={isLabelledGroup(uiSchema)} />
      ) : null}
      {children}
      {rawDescription ? description : null}
      {help}
      {errors}
    </Field.Root>
  );
  if (typeof heading !== 'string' || !heading) return field;
  // A field definition's `ui.heading` opens a group of the fields after it (seed: 'Manage your data').
  return (
    <>
      <Heading as="h3" size="sm" mt="4" pt="5" borderTopWidth="1px">
        {heading}
      </Heading>
      {field}
    </>
  );
}
