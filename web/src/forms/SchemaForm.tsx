import { Box, Button } from '@chakra-ui/react';
import { withTheme, type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useErrorVisibility } from './error-visibility';
import { useSubmitAfterWidgets } from './submit-after-widgets';
import { fields } from './fields';
import type { SchemaFormContext } from './form-context';
import { templates } from './templates';
import { chakraTemplates } from './templates/chakra-templates';
import { transformErrors } from './transform-errors';
import { widgets } from './widgets';

/**
 * RJSF's Chakra templates (objects, arrays, titles, buttons) with our label-linked templates,
 * widgets and fields laid over them. The Chakra theme's own widgets are left out: ours replace
 * the ones served forms use, and the rest (slider, number spinner) would only add weight.
 */
const ThemedForm = withTheme({
  templates: { ...chakraTemplates, ...templates },
  widgets,
  fields,
});

function ignoreErrors() {}

/** A button's mousedown that leaves focus where it is (see the submit button below). */
export function keepFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/**
 * How RJSF pre-fills answers: a `const` is a rule, not an answer (a required consent compiles to
 * `const: true` and must be ticked by the person, not for them), and an untouched group such as a
 * grade stays absent instead of becoming `{}`, which would make an optional group required.
 * Schema `default`s (fixed consents) still apply.
 */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', emptyObjectFields: 'skipEmptyDefaults' } as const;

export interface SchemaFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** The form version's precompiled validator (`FormDefinition.validator`); it validates this schema only. */
  validator: ValidatorType;
  /** Answers to start from (a saved draft, the profile); omitted answers start empty. */
  formData?: unknown;
  formContext?: SchemaFormContext;
  submitLabel?: string;
  /**
   * What stands in the form's footer instead of the one submit button: a bar of several actions
   * (one of them `type="submit"`), or `null` for none (a read-only form).
   */
  actions?: ReactNode;
  disabled?: boolean;
  /** The page shows its own heading: leave out the form's title and description. */
  hideTitle?: boolean;
  /** Problems the server found (`errors` of a 400: dot paths and messages), shown under their fields. */
  serverErrors?: { path: string; message: string }[];
  /**
   * The prefix of the fields' ids ('root' unless given): a page that shows several forms at once
   * (the studio's builders) gives each its own, so every id, and every label's `for`, is unique.
   */
  idPrefix?: string;
  /** Called with the answers once they pass validation. */
  onSubmit: (formData: unknown) => void;
  onChange?: (formData: unknown) => void;
}

/**
 * Renders any served form (JSON Schema + UI schema) with no knowledge of its fields. Messages
 * come from the schema (ajv-errors) and appear under their field; see `useErrorVisibility` for
 * when they appear.
 */
/** The server's `{ path, message }` list as RJSF's nested error schema (`gpa.grade` -> gpa.grade.__errors). */
export function toErrorSchema(errors: { path: string; message: string }[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const part of path ? path.split('.') : []) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

export function SchemaForm(props: SchemaFormProps) {
  const { schema, uiSchema: servedUiSchema, validator, formData, formContext, submitLabel = 'Submit', actions, disabled, hideTitle, serverErrors, idPrefix, onSubmit, onChange } = props;
  // The title goes through the UI schema: the schema itself must stay the one the validator was
  // compiled for (RJSF's precompiled validator refuses any other).
  const uiSchema = useMemo(
    () => (hideTitle ? { ...servedUiSchema, 'ui:options': { ...servedUiSchema?.['ui:options'], label: false }, 'ui:description': '' } : servedUiSchema),
    [servedUiSchema, hideTitle],
  );
  const extraErrors = useMemo(() => (serverErrors?.length ? toErrorSchema(serverErrors) : undefined), [serverErrors]);
  const visibility = useErrorVisibility(idPrefix);
  const { markTouched, visibleErrors } = visibility;

  const shownErrors = useCallback(
    (errors: RJSFValidationError[]) => visibleErrors(transformErrors(errors)),
    [visibleErrors],
  );
  const handleChange = useCallback(
    (event: IChangeEvent, id?: string) => {
      markTouched(id);
      onChange?.(event.formData);
    },
    [markTouched, onChange],
  );
  const handleSubmit = useCallback((event: IChangeEvent) => onSubmit(event.formData), [onSubmit]);
  const submitCapture = useSubmitAfterWidgets(visibility.markSubmitted);

  return (
    // Capture phase: runs before RJSF validates the submit, so the submit shows every error (and
    // a submit can wait there for a widget still taking over a typed answer).
    <Box onSubmitCapture={submitCapture}>
      <ThemedForm
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        idPrefix={idPrefix}
        extraErrors={extraErrors}
        validator={validator}
        transformErrors={shownErrors}
        liveValidate={visibility.liveValidate}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        disabled={disabled}
        onChange={handleChange}
        onBlur={markTouched}
        onSubmit={handleSubmit}
        // The messages are shown under their fields; without a handler RJSF would also log them.
        onError={ignoreErrors}
      >
        {actions !== undefined ? (
          // An element even when empty: RJSF adds its own submit button when given no children.
          <>{actions}</>
        ) : (
          <Button
            type="submit"
            colorPalette="brand"
            mt="6"
            size="lg"
            disabled={disabled}
            // Keeps focus in the field being edited: its blur would show that field's message and push
            // the button down between mousedown and mouseup, and the click would be lost.
            onMouseDown={keepFocus}
          >
            {submitLabel}
          </Button>
        )}
      </ThemedForm>
    </Box>
  );
}
