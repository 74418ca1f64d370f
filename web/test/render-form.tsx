import { ChakraProvider } from '@chakra-ui/react';
import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { system } from '../src/app/theme';
import { SchemaForm } from '../src/forms/SchemaForm';
import { runtimeValidator } from './runtime-validator';
import type { SchemaFormContext } from '../src/forms/form-context';

/** Chakra, and a query cache of its own per render (widgets such as the upload read through it, as in the app). */
export function renderWithChakra(ui: ReactElement) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <ChakraProvider value={system}>{ui}</ChakraProvider>
    </QueryClientProvider>,
  );
}

interface FormSetup {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  formContext?: SchemaFormContext;
}

/** Renders a hand-written served form; `submitted()` returns what the last valid submit sent. */
export function renderForm(setup: FormSetup) {
  const onSubmit = jest.fn<(values: unknown) => void>();
  const user = userEvent.setup();
  const view = renderWithChakra(<SchemaForm {...setup} validator={runtimeValidator} onSubmit={onSubmit} />);
  return {
    ...view,
    user,
    onSubmit,
    submit: () => user.click(screen.getByRole('button', { name: 'Submit' })),
    submitted: () => onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined,
  };
}

/** The text a screen reader reads as the field's description: its `aria-describedby` targets. */
export function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}

/** A root object schema as the server's compiler emits it. */
export function formSchema(
  properties: Record<string, RJSFSchema>,
  requiredMessages: Record<string, string> = {},
): RJSFSchema {
  const required = Object.keys(requiredMessages);
  return {
    type: 'object',
    properties,
    ...(required.length ? { required, errorMessage: { required: requiredMessages } } : {}),
  } as RJSFSchema;
}
