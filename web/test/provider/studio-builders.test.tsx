import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, REQUIREMENT_EDITOR_KEYS as R } from '@scholarmatch/schemas';
import { api } from '../../src/api/client';
import { countText } from '../../src/pages/provider/editor/EligibilityTab';
// Loaded up front, as render-app.tsx does for the applicant's frame: Jest's ESM loader can fail two
// first imports that share a module (browsers have no such problem).
import '../../src/pages/provider/shell/ProviderLayout';
import '../../src/pages/provider/editor/ScholarshipEditorPage';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { requirement, SCHOLARSHIP_ID, serveStudio, signInProvider, VOCABULARY } from './studio-fixtures';

const EDITOR = `/app/scholarships/${SCHOLARSHIP_ID}`;

function itemNames(list: HTMLElement): string[] {
  return within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label') ?? '');
}

/** The preview's state line: 'As applicants see it' once the server's compile of the same version has arrived. */
async function previewChecked() {
  await waitFor(() => expect(screen.getByTestId('preview-state').textContent).toBe('As applicants see it'), { timeout: 5_000 });
}

describe('the requirement builder', () => {
  isolateAppTests();

  it('adds a requirement and moves it up with the keyboard; the preview follows and Save sends the new order', async () => {
    signInProvider();
    const { put } = serveStudio({ requirements: [requirement('essay', 'Personal essay', 'editor', { wordLimit: 500 })] });
    renderAppAt(`${EDITOR}?tab=requirements`);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Requirements' });
    expect(itemNames(list)).toEqual(['Requirement 1: Personal essay']);

    screen.getByRole('button', { name: 'Add requirement' }).focus();
    await user.keyboard('{Enter}');
    const title = await within(list).findByLabelText(/^Title/);
    await user.type(title, 'Transcript');
    await user.selectOptions(within(list).getByLabelText(/^Kind/), 'File upload');
    // The per-kind option of the served form appears for its kind only.
    expect(within(list).getByLabelText(/^Accepted files/)).toBeTruthy();
    expect(within(list).queryByLabelText(/^Word limit/)).toBeNull();

    const preview = screen.getByRole('region', { name: 'Preview' });
    // The preview follows each keystroke: the new requirement is there at once, after the essay.
    expect(within(preview).getByText('Transcript')).toBeTruthy();

    screen.getByRole('button', { name: 'Move Transcript up' }).focus();
    await user.keyboard('{Enter}');
    expect(itemNames(list)).toEqual(['Requirement 1: Transcript', 'Requirement 2: Personal essay']);
    const transcript = within(preview).getByText('Transcript');
    const essay = within(preview).getAllByText('Personal essay')[0];
    expect(transcript.compareDocumentPosition(essay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save requirements' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    const body = put.mock.calls[0][1] as { body: { requirements: { id?: string; answers: Record<string, unknown> }[] } };
    expect(body.body.requirements).toEqual([
      { answers: expect.objectContaining({ [R.title]: 'Transcript', [R.kind]: 'file' }) },
      { id: 'essay', answers: expect.objectContaining({ [R.title]: 'Personal essay', [R.kind]: 'editor', [R.wordLimit]: 500 }) },
    ]);
    expect(await screen.findByText('Requirements saved')).toBeTruthy();
  });

  it('does not ask the server to check a requirement that has no title yet, and checks it once titled', async () => {
    signInProvider();
    const { post } = serveStudio({ requirements: [requirement('essay', 'Personal essay', 'editor', { wordLimit: 500 })] });
    renderAppAt(`${EDITOR}?tab=requirements`);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Requirements' });
    await previewChecked();
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    const title = await within(list).findByLabelText(/^Title/);
    // A person's pause, longer than the preview's wait after the last change.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const previews = () => post.mock.calls.filter(([path]) => path === '/api/v1/scholarship/{id}/requirement/preview');
    const untitled = previews().filter(([, init]) =>
      (init as { body: { requirements: { answers: Record<string, unknown> }[] } }).body.requirements.some((entry) => !String(entry.answers[R.title] ?? '').trim()),
    );
    expect(untitled).toEqual([]);
    expect(screen.queryByText(/The preview could not be checked/)).toBeNull();
    await user.type(title, 'Transcript');
    await previewChecked();
  });

  it('moves a requirement down with the keyboard and removes one', async () => {
    signInProvider();
    serveStudio({ requirements: [requirement('cv', 'CV', 'file'), requirement('portfolio', 'Portfolio', 'link'), requirement('essay', 'Essay', 'editor')] });
    renderAppAt(`${EDITOR}?tab=requirements`);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Requirements' });
    screen.getByRole('button', { name: 'Move CV down' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(itemNames(list)).toEqual(['Requirement 1: Portfolio', 'Requirement 2: Essay', 'Requirement 3: CV']);
    screen.getByRole('button', { name: 'Remove Essay' }).focus();
    await user.keyboard(' ');
    expect(itemNames(list)).toEqual(['Requirement 1: Portfolio', 'Requirement 2: CV']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // Each requirement's handle is announced for keyboard dragging too (dnd-kit's sensor).
    expect(screen.getByRole('button', { name: 'Drag to reorder CV' }).getAttribute('aria-roledescription')).toBe('sortable');
  });

  it("shows the applicant's messages in the preview: the word limit and a required upload", async () => {
    signInProvider();
    serveStudio({ requirements: [requirement('why', 'Why you', 'text', { wordLimit: 2 }), requirement('transcript', 'Transcript', 'file')] });
    renderAppAt(`${EDITOR}?tab=requirements`);
    const user = userEvent.setup();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    await previewChecked();
    await user.type(within(preview).getByLabelText(/^Why you/), 'one two three');
    await user.click(within(preview).getByRole('button', { name: 'Submit application' }));
    expect(await within(preview).findByText('Please keep it to 2 words or fewer!')).toBeTruthy();
    expect(within(preview).getByText(MESSAGES.requirementUpload)).toBeTruthy();
    await user.clear(within(preview).getByLabelText(/^Why you/));
    await user.type(within(preview).getByLabelText(/^Why you/), 'two words');
    await waitFor(() => expect(within(preview).queryByText('Please keep it to 2 words or fewer!')).toBeNull());
  });

  it('re-renders the preview on a keystroke in the builder, then checks it against the server’s compile', async () => {
    signInProvider();
    const { post } = serveStudio({ requirements: [requirement('why', 'Why you', 'text')] });
    renderAppAt(`${EDITOR}?tab=requirements`);
    const user = userEvent.setup();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    await previewChecked();
    await user.click(screen.getByRole('button', { name: /^1\. Why you/ }));
    await user.type(screen.getByLabelText(/^Title/), '?');
    // At once, before any answer of the server: the local compile.
    expect(within(preview).getByText('Why you?')).toBeTruthy();
    await previewChecked();
    const previews = post.mock.calls.filter(([path]) => path === '/api/v1/scholarship/{id}/requirement/preview');
    expect(previews.at(-1)?.[1]).toMatchObject({ body: { requirements: [{ id: 'why', answers: { [R.title]: 'Why you?' } }] } });
  });
});

describe('the eligibility builder', () => {
  isolateAppTests();

  it('offers the operators and the value widget of the chosen field, and counts live', async () => {
    signInProvider();
    const { post, put } = serveStudio({
      count: (criteria) =>
        criteria.length === 0
          ? { eligible: 40, total: 40, missing: [] }
          : { eligible: 12, total: 40, missing: [{ fieldKey: 'gpa', name: 'GPA', count: 5 }] },
    });
    renderAppAt(`${EDITOR}?tab=eligibility`);
    const user = userEvent.setup();
    const count = await screen.findByTestId('eligibility-count');
    await waitFor(() => expect(count.textContent).toContain('40 applicants eligible now'));
    expect(count.textContent).toContain('out of 40 applicants');

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule = await screen.findByRole('listitem', { name: 'Rule 1: GPA' });
    const operator = within(rule).getByLabelText('Condition') as HTMLSelectElement;
    expect([...operator.options].map((option) => option.textContent)).toEqual(VOCABULARY[0].operators.map((o) => o.label));
    await user.selectOptions(operator, 'is at least');
    await user.type(within(rule).getByLabelText(/GPA \(4-point scale\)/), '3');
    await waitFor(() => expect(count.textContent).toContain('12 applicants eligible now · 5 would be if they answered GPA'));
    const counted = post.mock.calls.filter(([path]) => path === '/api/v1/providers/eligibility-count').at(-1)?.[1];
    expect(counted).toMatchObject({ body: { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 3 }] } });

    // Another field: its own operators and its own value widget (the country's options).
    await user.selectOptions(within(rule).getByLabelText('Profile field'), 'Country');
    const countryRule = screen.getByRole('listitem', { name: 'Rule 1: Country' });
    const countryOperators = [...(within(countryRule).getByLabelText('Condition') as HTMLSelectElement).options].map((option) => option.textContent);
    expect(countryOperators).toEqual(VOCABULARY[1].operators.map((o) => o.label));
    expect(countryOperators).toContain('is one of');
    const value = within(countryRule).getByLabelText(/^Country/) as HTMLSelectElement;
    expect([...value.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['United States', 'Canada', 'Mexico']));
    await user.selectOptions(value, 'United States');

    await user.click(screen.getByRole('button', { name: 'Save eligibility' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/scholarship/{id}/criteria', { params: { path: { id: SCHOLARSHIP_ID } }, body: { criteria: [{ fieldKey: 'country', operator: 'eq', value: 'US' }] } }));
    expect(await screen.findByText('Eligibility saved')).toBeTruthy();
    expect(api.PUT).toHaveBeenCalledTimes(1);
  });

  it('words the count as the studio shows it', () => {
    expect(countText({ eligible: 1, total: 3, missing: [{ fieldKey: 'gpa', name: 'GPA', count: 2 }, { fieldKey: 'country', name: 'Country', count: 0 }] })).toEqual({
      now: '1 applicant eligible now · 2 would be if they answered GPA',
      total: 'out of 3 applicants',
    });
  });
});
