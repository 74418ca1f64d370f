import { beforeAll, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { formSchema, renderForm, loadLazyWidgets } from '../render-form';

const schema = formSchema({
  interests: {
    type: 'array',
    title: 'Fields of interest',
    items: { type: 'string', enum: ['cs', 'bio', 'art'] },
    uniqueItems: true,
    maxItems: 2,
    errorMessage: { maxItems: 'Please choose at most 2!' },
  },
});
const uiSchema = {
  interests: { 'ui:widget': 'multiSelect', 'ui:enumNames': ['Computer science', 'Biology', 'Fine arts'] },
};

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
