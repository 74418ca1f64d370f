import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { descriptionOf, renderFields } from '../render-form';

/** A grade field as the server compiles it (the real compiler, so widget and compiler cannot drift). */
function renderGrade(required = true) {
  return renderFields([{ key: 'gpa', name: 'GPA', dataType: 'grade', validation: { required }, ui: { markingSystems: ['Percentage', '10CGPA'] } }]);
}

describe('grade field', () => {
  it('shows the converted 4-point GPA: Percentage 85 -> 4.0', async () => {
    const form = renderGrade();
    await form.user.selectOptions(screen.getByLabelText(/Marking system/), 'Percentage (0–100)');
    await form.user.type(screen.getByLabelText(/^Grade/), '85');

    expect((screen.getByLabelText(/GPA \(4-point scale\)/) as HTMLInputElement).value).toBe('4.0');
    await form.submit();
    await waitFor(() =>
      expect(form.submitted()).toEqual({ gpa: { markingSystem: 'Percentage', grade: 85, gpa: 4 } }),
    );
  });

  it('clears the grade and GPA when the marking system changes', async () => {
    const form = renderGrade();
    await form.user.selectOptions(screen.getByLabelText(/Marking system/), 'Percentage (0–100)');
    await form.user.type(screen.getByLabelText(/^Grade/), '72');
    await form.user.selectOptions(screen.getByLabelText(/Marking system/), 'CGPA (out of 10)');

    expect((screen.getByLabelText(/^Grade/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/GPA \(4-point scale\)/) as HTMLInputElement).value).toBe('');
  });

  it('shows the errors of each part under that part', async () => {
    const form = renderGrade();
    await form.user.selectOptions(screen.getByLabelText(/Marking system/), 'CGPA (out of 10)');
    await form.user.type(screen.getByLabelText(/^Grade/), '12');
    await form.submit();

    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/^Grade/))).toBe('Enter a valid GPA between 0 and 10'));
    expect(descriptionOf(screen.getByLabelText(/Marking system/))).toBe('');
    expect(screen.queryByText(/must match/)).toBeNull();
  });

  it('puts the required message under the missing part', async () => {
    const form = renderGrade();
    await form.user.selectOptions(screen.getByLabelText(/Marking system/), 'Percentage (0–100)');
    await form.submit();

    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/^Grade/))).toBe('Please input your GPA!'));
  });

  it('leaves an optional grade out when it is not answered', async () => {
    const form = renderGrade(false);
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({}));
  });
});
