import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadLazyWidgets, renderFields, type TestField } from '../render-form';

const SUGGESTIONS = [
  { value: 'harvard', label: 'Harvard University' },
  { value: 'howard', label: 'Howard University' },
];
/** A school asked with a searchable select; free text is allowed unless the definition says otherwise. */
const school = (extra: Partial<TestField> = {}): TestField[] => [{ key: 'school', name: 'School', dataType: 'searchSelect', ...extra }];
const SEARCH_URL = '/api/v1/search/schools';

describe('searchSelect widget', () => {
  beforeAll(loadLazyWidgets);

  it('stores the value of a chosen suggestion and shows its label', async () => {
    const form = renderFields(school({ options: SUGGESTIONS }));
    await form.user.type(screen.getByLabelText(/School/), 'Harv');
    await form.user.click(await screen.findByText('Harvard University'));

    expect(screen.getByText('Harvard University')).toBeTruthy();
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ school: 'harvard' }));
  });

  it('keeps typed text through the "Use" option', async () => {
    const form = renderFields(school({ options: SUGGESTIONS }));
    await form.user.type(screen.getByLabelText(/School/), 'Lakeside Community College');
    await form.user.click(await screen.findByText('Use "Lakeside Community College"'));
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ school: 'Lakeside Community College' }));
  });

  it('keeps typed text when the person leaves the field', async () => {
    const form = renderFields(school());
    await form.user.type(screen.getByLabelText(/School/), 'Hillcrest High');
    await form.user.click(document.body);

    expect(await screen.findByText('Hillcrest High')).toBeTruthy();
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ school: 'Hillcrest High' }));
  });

  it('shows a stored value that is not among the suggestions as typed', () => {
    renderFields(school({ options: SUGGESTIONS }), { formData: { school: 'Evergreen Academy' } });
    expect(screen.getByText('Evergreen Academy')).toBeTruthy();
  });

  describe('with a searchUrl', () => {
    const originalFetch = globalThis.fetch;
    let fetchMock: Mock<typeof fetch>;

    beforeEach(() => {
      // jsdom has no Response; the widget reads only `ok` and `json()`.
      const answer = { ok: true, json: async () => ({ data: [{ value: 'stanford', label: 'Stanford University' }] }) };
      fetchMock = vi.fn<typeof fetch>(async () => answer as Response);
      globalThis.fetch = fetchMock;
    });
    afterEach(() => {
      globalThis.fetch = originalFetch;
    });

    it('asks the server once typing pauses and offers its answers', async () => {
      const form = renderFields(school({ ui: { searchUrl: SEARCH_URL } }));
      await form.user.type(screen.getByLabelText(/School/), 'Stan');
      await form.user.click(await screen.findByText('Stanford University'));

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String(fetchMock.mock.calls[0][0])).toBe('/api/v1/search/schools?q=Stan');
      await form.submit();
      await waitFor(() => expect(form.submitted()).toEqual({ school: 'stanford' }));
    });

    it('shows the label of a stored answer, asked from the server by its value', async () => {
      renderFields(school({ ui: { searchUrl: SEARCH_URL } }), { formData: { school: 'stanford' } });
      expect(await screen.findByText('Stanford University')).toBeTruthy();
      expect(String(fetchMock.mock.calls[0][0])).toBe('/api/v1/search/schools?value=stanford');
    });
  });
});
