import fc from 'fast-check';
import { FIELD_TYPES, type FieldDefinition } from '../vocabulary.js';
import { SAMPLE_FIELDS, SAMPLE_FORM } from '../test/fixtures.js';
import { compileForm, fieldsOfForm } from './compile-form.js';
import { FIELD_COMPILERS } from './field-compilers.js';
import { canonicalJson } from './hash.js';
import { pruneHiddenValues } from './prune.js';

describe('compileForm', () => {
  const compiled = compileForm(SAMPLE_FORM, SAMPLE_FIELDS);

  it('has a compiler for every data type of the vocabulary', () => {
    expect(Object.keys(FIELD_COMPILERS).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('keeps active fields of the form sections only, in section then field order', () => {
    const keys = fieldsOfForm(SAMPLE_FORM, SAMPLE_FIELDS).map((f) => f.key);
    expect(keys).not.toContain('retired');
    expect(keys).not.toContain('elsewhere');
    expect(keys.slice(0, 3)).toEqual(['firstName', 'dob', 'gender']);
    expect(compiled.uiSchema['ui:order']).toEqual([...keys, '*']);
  });

  it('attaches the original messages to required fields', () => {
    expect(compiled.schema.required).toEqual(expect.arrayContaining(['firstName', 'dob', 'gender', 'gpa', 'consent']));
    const messages = (compiled.schema.errorMessage as { required: Record<string, string> }).required;
    expect(messages.dob).toBe('Please select your date of birth!');
    expect(messages.gender).toBe('Please select your gender!');
    expect(compiled.schema.properties!.consent.const).toBe(true);
  });

  it('puts conditional fields in if/then branches keyed by the controlling value', () => {
    expect(compiled.schema.properties!.collegeName).toBeUndefined();
    const branches = compiled.schema.allOf!;
    const enrolled = branches.find((b) => b.then!.properties!.collegeName)!;
    expect(enrolled.if).toEqual({ properties: { enrolledInCollege: { enum: ['1'] } }, required: ['enrolledInCollege'] });
    expect(enrolled.then!.required).toEqual(['collegeName']);
    const notEnrolled = branches.find((b) => b.then!.properties!.interestedColleges)!;
    expect(notEnrolled.then!.properties!.interestedColleges.maxItems).toBe(2);
  });

  it('gives each data type its widget', () => {
    const ui = compiled.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.gender['ui:enumNames']).toEqual(['Female', 'Male', 'Other']);
    expect(ui.enrolledInCollege['ui:widget']).toBe('radio');
    expect(ui.collegeName['ui:widget']).toBe('searchSelect');
    expect(ui.gpa['ui:field']).toBe('grade');
    expect(ui.dob['ui:options']).toEqual({ latestYearsAgo: 16, notAfterToday: true });
    expect(ui.highSchoolGraduationDate['ui:options']).toEqual({ fromYear: 1990, maxYearsAhead: 50 });
    expect(ui.phone['ui:options']).toEqual({ defaultCountry: 'us' });
  });

  it('is deterministic: the same fields in any order give the same bytes and version', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(SAMPLE_FIELDS, { minLength: SAMPLE_FIELDS.length }), (shuffled) => {
        const again = compileForm(SAMPLE_FORM, shuffled);
        expect(JSON.stringify(again)).toBe(JSON.stringify(compiled));
      }),
      { numRuns: 50 },
    );
  });

  it('changes version when and only when the served form changes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (name) => {
        const renamed: FieldDefinition[] = SAMPLE_FIELDS.map((f) => (f.key === 'gender' ? { ...f, name } : f));
        const next = compileForm(SAMPLE_FORM, renamed);
        const changed = canonicalJson(next.schema) !== canonicalJson(compiled.schema);
        expect(next.version !== compiled.version).toBe(changed);
      }),
      { numRuns: 50 },
    );
    const inactiveChanged = SAMPLE_FIELDS.map((f) => (f.key === 'retired' ? { ...f, name: 'Changed' } : f));
    expect(compileForm(SAMPLE_FORM, inactiveChanged).version).toBe(compiled.version);
  });
});

describe('pruneHiddenValues', () => {
  it('drops answers under a hidden branch and unknown keys', () => {
    const fields = fieldsOfForm(SAMPLE_FORM, SAMPLE_FIELDS);
    const pruned = pruneHiddenValues(fields, {
      enrolledInCollege: '0',
      collegeName: 'MIT',
      interestedColleges: ['a'],
      hacker: 'x',
    });
    expect(pruned).toEqual({ enrolledInCollege: '0', interestedColleges: ['a'] });
  });
});
