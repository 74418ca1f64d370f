import { compileForm, fieldsOfForm } from '../compiler/compile-form.js';
import { prepareAnswers } from '../answers/answers.js';
import { defaultRequiredMessage } from '../messages.js';
import { dobYearsAgo, SAMPLE_FIELDS, SAMPLE_FORM } from '../test/fixtures.js';
import type { FieldDefinition } from '../vocabulary.js';
import { fieldDefinitionProblems } from './field-definition.js';
import { FormValidator } from './validate.js';

describe('rules found in review', () => {
  const form = compileForm(SAMPLE_FORM, SAMPLE_FIELDS);
  const validator = new FormValidator();
  const valid = { firstName: 'Ada', dob: dobYearsAgo(17), gender: '1', gpa: { markingSystem: 'Percentage', grade: 90 }, consent: true };
  const errorsAt = (data: Record<string, unknown>, path: string) =>
    validator.validate(`sample@${form.version}`, form.schema, data).filter((e) => e.path === path).map((e) => e.message);

  it('refuses blank and whitespace answers to a required text field with its required message', () => {
    expect(errorsAt({ ...valid, firstName: '' }, 'firstName')).toEqual(['Please input your first name!']);
    expect(errorsAt({ ...valid, firstName: '   ' }, 'firstName')).toEqual(['Please input your first name!']);
  });

  it('accepts only http(s) links, never javascript: or data: URLs', () => {
    expect(errorsAt({ ...valid, portfolio: 'https://example.org/me' }, 'portfolio')).toEqual([]);
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>x</script>', 'ftp://x.org/a']) {
      expect(errorsAt({ ...valid, portfolio: bad }, 'portfolio')).toEqual(['Please enter a valid link, starting with http:// or https://']);
    }
  });

  it('keeps fixed consents ticked, whoever sends the answers', () => {
    const fixed: FieldDefinition = { id: 99, key: 'fixedConsent', name: 'Fixed', dataType: 'checkbox', section: 'one', order: 99, target: 'profile', ui: { disabled: true } };
    const withFixed = compileForm(SAMPLE_FORM, [...SAMPLE_FIELDS, fixed]);
    expect(withFixed.schema.properties!.fixedConsent).toMatchObject({ const: true, default: true });
    const errors = new FormValidator().validate('fixed', withFixed.schema, { ...valid, fixedConsent: false });
    expect(errors).toContainEqual({ path: 'fixedConsent', message: 'Please Select!' });
  });

  it('refuses unknown members in a grade and recomputes the GPA on the server', () => {
    expect(errorsAt({ ...valid, gpa: { markingSystem: 'GPA', grade: 3, extra: 'x' } }, 'gpa')).toHaveLength(1);
    const fields = fieldsOfForm(SAMPLE_FORM, SAMPLE_FIELDS);
    expect(prepareAnswers(fields, { gpa: { markingSystem: '10CGPA', grade: 8.49, gpa: 4 } })).toEqual({
      gpa: { markingSystem: '10CGPA', grade: 8.49, gpa: 3.7 },
    });
    expect(prepareAnswers(fields, { gpa: { markingSystem: 'Percentage', grade: 120, gpa: 4 } })).toEqual({
      gpa: { markingSystem: 'Percentage', grade: 120 },
    });
  });

  it('drops conditional fields whose condition names a missing or conditional field (no chains)', () => {
    const chain: FieldDefinition[] = [
      { id: 1, key: 'a', name: 'A', dataType: 'select', options: [{ value: 'y', label: 'Y' }, { value: 'n', label: 'N' }], section: 's', order: 1, target: 'profile' },
      { id: 2, key: 'b', name: 'B', dataType: 'select', options: [{ value: 'y', label: 'Y' }], section: 's', order: 2, target: 'profile', visibleWhen: { fieldKey: 'a', in: ['y'] } },
      { id: 3, key: 'c', name: 'C', dataType: 'text', section: 's', order: 3, target: 'profile', visibleWhen: { fieldKey: 'b', in: ['y'] } },
      { id: 4, key: 'd', name: 'D', dataType: 'text', section: 's', order: 4, target: 'profile', visibleWhen: { fieldKey: 'nowhere', in: ['y'] } },
    ];
    expect(fieldsOfForm({ key: 'f', title: 'F', sections: ['s'] }, chain).map((f) => f.key)).toEqual(['a', 'b']);
  });

  it('words default required messages from the field name, keeping acronyms', () => {
    expect(defaultRequiredMessage('Zip Code', false)).toBe('Please input your zip code!');
    expect(defaultRequiredMessage('GPA', true)).toBe('Please select your GPA!');
    expect(defaultRequiredMessage('Are you enrolled in college?', true)).toBe('Please answer this question!');
  });

  it('describes what is wrong with a malformed field definition', () => {
    const good: FieldDefinition = { id: 1, key: 'good', name: 'Good', dataType: 'text', section: 's', order: 1, target: 'profile' };
    expect(fieldDefinitionProblems(good)).toEqual([]);
    const bad = { ...good, dataType: 'colour', visibleWhen: { fieldKey: 'x' }, validation: { fromYear: '1990' } } as unknown as FieldDefinition;
    const paths = fieldDefinitionProblems(bad).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['dataType', 'visibleWhen.in', 'validation.fromYear']));
  });
});
