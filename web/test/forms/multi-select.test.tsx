import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { compileFields, renderForm, loadLazyWidgets } from '../render-form';

const { schema, uiSchema } = compileFields([
  {
    key: 'interests',
    name: 'Fields of interest',
    dataType: 'multiSelect',
    options: [
      { value: 'cs', label: 'Computer science' },
      { value: 'bio', label: 'Biology' },
      { value: 'art', label: 'Fine arts' },
    ],
    validation: { maxItems: 2 },
  },
]);

describe('multiSelect widget', () => {
  beforeAll(loadLazyWidgets);

  it('stores the chosen values and stops offering more at maxItems', async () => {
    const form = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText(/Fields of interest/);

    await form.user.click(input);
    await form.user.click(await screen.findByText('Computer science'));
    await form.user.click(await screen.findByText('Fine arts'));
    expect(screen.getByText('Biology').closest('[aria-disabled="true"]')).toBeTruthy();

    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ interests: ['cs', 'art'] }));
  });
});
