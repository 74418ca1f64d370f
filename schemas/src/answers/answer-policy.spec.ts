import fc from 'fast-check';
import { sanitizeAnswers } from '../domain/html.js';
import { uploadUrlOf } from '../domain/uploads.js';
import { FIELD_TYPES, type FieldDefinition, type FieldType } from '../vocabulary.js';
import { ANSWER_POLICIES, isAnswered, mergeRepeatedAnswer } from './answer-policy.js';
import { answeredOnly, collectEntries, prepareAnswers, uploadsInAnswers } from './answers.js';

const FILE = uploadUrlOf('0b7d6c1e-56a4-4f0e-9d3b-2a1c5e6f7a8b');

function field(key: string, dataType: FieldType): FieldDefinition {
  return { id: 1, key, name: key, dataType, section: 's', order: 0, target: 'profile' };
}

describe('the answer policy', () => {
  it('has an entry for every data type of the vocabulary', () => {
    expect(Object.keys(ANSWER_POLICIES).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it("gives the SQL twin of a type's own answered and compared value (the SQL evaluator is composed from it)", () => {
    // A boolean's compared text is 'true' or 'false' in SQL as it is: no fragment needed.
    const sqlReadsAsIs = new Set(['boolean']);
    for (const type of FIELD_TYPES) {
      const policy = ANSWER_POLICIES[type];
      expect([type, Boolean(policy.sql?.answered)]).toEqual([type, Boolean(policy.answered)]);
      const ownComparable = Boolean(policy.eligibility.comparableAnswer) && !sqlReadsAsIs.has(type);
      expect([type, Boolean(policy.sql?.comparableAnswer)]).toEqual([type, ownComparable]);
    }
  });

  it('has one meaning of answered: blank text, empty lists and objects and an unticked box say nothing; No does', () => {
    for (const type of FIELD_TYPES) {
      for (const nothing of [undefined, null, '', '  \n', [], {}, [''], { text: ' ' }]) expect([type, isAnswered(type, nothing)]).toEqual([type, false]);
    }
    expect(isAnswered('checkbox', false)).toBe(false);
    expect(isAnswered('checkbox', true)).toBe(true);
    expect(isAnswered('boolean', false)).toBe(true);
    expect(isAnswered('number', 0)).toBe(true);
    expect(isAnswered('number', Number.NaN)).toBe(false);
    expect(isAnswered('essay', { url: FILE })).toBe(true);
  });

  it('keeps only answered values, whatever the value (property)', () => {
    const value = fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_TYPES), value, (type, answer) => {
        const kept = answeredOnly([field('f', type)], { f: answer });
        return ('f' in kept) === isAnswered(type, answer);
      }),
    );
  });

  it('recomputes the GPA of a grade and never trusts the one sent', () => {
    expect(prepareAnswers([field('gpa', 'grade')], { gpa: { markingSystem: 'Percentage', grade: 86, gpa: 1 } })).toEqual({
      gpa: { markingSystem: 'Percentage', grade: 86, gpa: 4 },
    });
  });

  it('merges repeated entries of a multiSelect into one list; other types keep the last', () => {
    expect(mergeRepeatedAnswer('multiSelect', ['a'], 'b')).toEqual(['a', 'b']);
    expect(mergeRepeatedAnswer('multiSelect', undefined, ['a'])).toEqual(['a']);
    expect(mergeRepeatedAnswer('select', 'a', 'b')).toBe('b');
    const fields = [field('colleges', 'multiSelect'), field('country', 'select')];
    expect(
      collectEntries(fields, [
        { key: 'colleges', value: 'a' },
        { key: 'country', value: 'us' },
        { key: 'colleges', value: 'b' },
        { key: 'country', value: 'ca' },
      ]),
    ).toEqual({ colleges: ['a', 'b'], country: 'ca' });
  });

  it('finds the upload addresses of file answers and uploaded essays, by their error paths', () => {
    const fields = [field('cv', 'file'), field('essay', 'essay'), field('note', 'text'), field('written', 'essay')];
    expect(uploadsInAnswers(fields, { cv: FILE, essay: { url: FILE }, note: FILE, written: { text: 'words' } })).toEqual([
      { path: 'cv', url: FILE },
      { path: 'essay.url', url: FILE },
    ]);
  });

  it('sanitises the HTML of editor answers and written essays, and nothing else', () => {
    const fields = [field('bio', 'editor'), field('essay', 'essay'), field('note', 'text')];
    const script = '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(sanitizeAnswers(fields, { bio: script, essay: { text: script }, note: script })).toEqual({
      bio: '<p>Hi</p>',
      essay: { text: '<p>Hi</p>' },
      note: script,
    });
  });
});
