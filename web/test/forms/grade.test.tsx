import { describe, expect, it } from '@jest/globals';
import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import { descriptionOf, formSchema, renderForm } from '../render-form';

/** The shape the server's compiler gives a grade field. */
function gradeSchema(title: string): RJSFSchema {
  const ranges = [
    { system: 'Percentage', max: 100, message: 'Enter a valid percentage between 0 and 100' },
    { system: '10CGPA', max: 10, message: 'Enter a valid GPA between 0 and 10' },
  ];
  return {
    type: 'object',
    title,
    properties: {
      markingSystem: { type: 'string', title: 'Marking system', enum: ['Percentage', '10CGPA'] },
      grade: { type: 'number', title: 'Grade', errorMessage: { type: 'Please enter a number!' } },
      gpa: { type: 'number', title: 'GPA (4-point scale)', readOnly: true },
    },
    required: ['markingSystem', 'grade'],
    errorMessage: {
      required: { markingSystem: 'Please select your marking system!', grade: `Please input your ${title.toLowerCase()}!` },
    },
    allOf: ranges.map(({ system, max, message }) => ({
      if: { properties: { markingSystem: { const: system } }, required: ['markingSystem'] },
      then: { properties: { grade: { minimum: 0, maximum: max, errorMessage: { minimum: message, maximum: message } } } },
    })),
  } as RJSFSchema;
}

const uiSchema = { gpa: { 'ui:field': 'grade', 'ui:options': { markingSystems: ['Percentage', '10CGPA'] } } };

function renderGrade(required = true) {
  const requiredMessages: Record<string, string> = required ? { gpa: 'Please select your gpa!' } : {};
  return renderForm({ schema: formSchema({ gpa: gradeSchema('GPA') }, requiredMessages), uiSchema });
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

    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/^Grade/))).toBe('Please input your gpa!'));
  });

  it('leaves an optional grade out when it is not answered', async () => {
    const form = renderGrade(false);
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({}));
  });
});
