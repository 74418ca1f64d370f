import { ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../src/api/forms';
import { formQueryOptions } from '../src/api/forms';
import { visitorCountryQueryOptions } from '../src/api/geo';
import { system } from '../src/app/theme';
import { runtimeValidator } from './runtime-validator';
import { createAppRouter } from '../src/app/router';

/** A form the page has never heard of: it must render from the served schema alone. */
const servedForm: FormDefinition = {
  key: 'pet-scholarship',
  version: 'abc123',
  schema: {
    type: 'object',
    title: 'Pet lovers scholarship',
    properties: {
      petName: { type: 'string', title: 'Name of your pet', maxLength: 50 },
      species: { type: 'string', title: 'Species', enum: ['cat', 'dog'] },
    },
    required: ['petName'],
    errorMessage: { required: { petName: 'Please input your name of your pet!' } },
  },
  uiSchema: { species: { 'ui:widget': 'radio', 'ui:enumNames': ['Cat', 'Dog'] }, 'ui:order': ['petName', 'species', '*'] },
  validator: runtimeValidator,
};

function renderPreview() {
  // Seeded, fresh answers: the page reads them from the cache and never calls the server.
  const queryClient = new QueryClient();
  queryClient.setQueryData(formQueryOptions(servedForm.key).queryKey, servedForm);
  queryClient.setQueryData(visitorCountryQueryOptions.queryKey, 'us');
  const router = createAppRouter(createMemoryHistory({ initialEntries: [`/forms/${servedForm.key}`] }));
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('form preview page', () => {
  it('renders any served form and shows the submitted values', async () => {
    renderPreview();
    const user = userEvent.setup();
    expect(await screen.findByText('Pet lovers scholarship')).toBeTruthy();

    await user.type(screen.getByLabelText(/Name of your pet/), 'Biscuit');
    await user.click(screen.getByLabelText('Dog'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const panel = await screen.findByRole('region', { name: 'Submitted values' });
    await waitFor(() => expect(JSON.parse(panel.querySelector('pre')!.textContent!)).toEqual({ petName: 'Biscuit', species: 'dog' }));
  });
});
