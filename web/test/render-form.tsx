import { ChakraProvider } from '@chakra-ui/react';
import { expect, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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

/**
 * The searchable, multiple-choice and phone widgets load their code on first use
 * (src/forms/widgets/lazy-widgets.tsx). Rendering each once, until none is a placeholder, lets a
 * test file's tests interact with them at once, as a person would after the page settles.
 */
export async function loadLazyWidgets(): Promise<void> {
  const many = Array.from({ length: 40 }, (_, i) => `v${i}`);
  const one: [RJSFSchema, UiSchema][] = [
    [{ type: 'string', title: 'Searchable' }, { 'ui:widget': 'searchSelect' }],
    [{ type: 'array', title: 'Multiple', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems: true }, { 'ui:widget': 'multiSelect' }],
    [{ type: 'string', title: 'Long', enum: many }, {}],
    [{ type: 'string', title: 'Phone' }, { 'ui:widget': 'phone' }],
  ];
  // One at a time: Jest's ESM loader can fail on dynamic imports that share modules in parallel.
  for (const [field, ui] of one) {
    renderWithChakra(
      <SchemaForm schema={{ type: 'object', properties: { field } }} uiSchema={{ field: ui }} validator={runtimeValidator} onSubmit={() => undefined} />,
    );
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
    cleanup();
  }
}
