import { ChakraProvider } from '@chakra-ui/react';
import { expect, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileForm, type FieldDefinition } from '@scholarmatch/schemas';
import type { ReactElement } from 'react';
import { system } from '../src/app/theme';
import { SchemaForm } from '../src/forms/SchemaForm';
import { runtimeValidator } from './runtime-validator';
import type { SchemaFormContext } from '../src/forms/form-context';
import { LazyMultiSelectWidget, LazyPhoneWidget, LazySearchSelectWidget, LazySearchableSelectWidget } from '../src/forms/widgets/lazy-widgets';

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

/** Renders a served form; `submitted()` returns what the last valid submit sent. */
export function renderForm(setup: FormSetup) {
  const onSubmit = vi.fn<(values: unknown) => void>();
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

/** What a test says about a field: its key, name and type, and any other part of a definition. */
export type TestField = Pick<FieldDefinition, 'key' | 'name' | 'dataType'> & Partial<FieldDefinition>;

/**
 * Field definitions compiled into one served form by the server's own compiler (`compileForm`),
 * in the order given: a widget test renders what the server would serve, so widget and compiler
 * cannot drift apart.
 */
export function compileFields(fields: TestField[]): { schema: RJSFSchema; uiSchema: UiSchema } {
  const definitions = fields.map((field, index): FieldDefinition => ({ id: index + 1, order: index + 1, target: 'profile', ...field, section: 'test' }));
  const { schema, uiSchema } = compileForm({ key: 'test', title: 'Test form', sections: ['test'] }, definitions);
  return { schema: schema as RJSFSchema, uiSchema };
}

/** Renders field definitions as the server serves them (see `compileFields`). */
export function renderFields(fields: TestField[], setup: Omit<FormSetup, 'schema' | 'uiSchema'> = {}) {
  return renderForm({ ...compileFields(fields), ...setup });
}

/**
 * The searchable, multiple-choice and phone widgets load their code when a person first reaches
 * one of their fields (src/forms/widgets/lazy-widgets.tsx). Loading each once lets a test file's
 * tests interact with them at once, as a person would after the code arrived.
 */
export async function loadLazyWidgets(): Promise<void> {
  // One at a time: the test runner's module loader can fail on dynamic imports that share modules in parallel.
  for (const widget of [LazySearchSelectWidget, LazyMultiSelectWidget, LazySearchableSelectWidget, LazyPhoneWidget]) await widget.preload();
}

/**
 * Waits until a pointer can reach `element`. Chakra's stacked layers (a dialog opened over a
 * drawer) block pointer events outside the top layer and lift the block on the new layer a moment
 * after it mounts; a click in between would fail as user-event checks `pointer-events` first.
 */
export async function whenClickable<T extends Element>(element: T): Promise<T> {
  await waitFor(() => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const value = getComputedStyle(node).pointerEvents;
      if (value && value !== 'inherit' && value !== 'unset') {
        expect(value).not.toBe('none');
        return;
      }
    }
  });
  return element;
}
