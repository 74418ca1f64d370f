import { describe, expect, it } from 'vitest';
import { labelsFrom, ruleInWords } from '@scholarmatch/schemas';

const rule = (operator: Parameters<typeof ruleInWords>[0]['operator'], value?: unknown) => ({
  fieldName: 'Field of study',
  operator,
  value: value as never,
});

describe('eligibility rules in plain words', () => {
  const label = labelsFrom({ accounting: 'Accounting', biology: 'Biology', law: 'Law' });

  it('names option values by their labels, and keeps a value the field does not list', () => {
    expect(ruleInWords(rule('in', ['accounting', 'biology', 'dance']), label)).toBe('Field of study: one of Accounting, Biology, dance');
    expect(ruleInWords(rule('in', ['law']), label)).toBe('Field of study: Law');
    expect(ruleInWords(rule('eq', 'law'), label)).toBe('Field of study: Law');
    expect(ruleInWords(rule('in', ['law']))).toBe('Field of study: law');
  });

  it('separates labels that have commas of their own with semicolons', () => {
    const citizenship = labelsFrom({ 'us-citizen': 'U.S. Citizen', 'us-national': 'U.S. National (e.g., born in American Samoa)' });
    expect(ruleInWords({ fieldName: 'Citizenship', operator: 'in', value: ['us-citizen', 'us-national'] as never }, citizenship)).toBe(
      'Citizenship: one of U.S. Citizen; U.S. National (e.g., born in American Samoa)',
    );
  });

  it('words the exclusions', () => {
    expect(ruleInWords(rule('neq', 'law'), label)).toBe('Field of study: anything but Law');
    expect(ruleInWords(rule('nin', ['law']), label)).toBe('Field of study: anything but Law');
    expect(ruleInWords(rule('nin', ['law', 'biology']), label)).toBe('Field of study: none of Law, Biology');
  });

  it('words bounds, ranges, ages and a required answer', () => {
    expect(ruleInWords({ fieldName: 'GPA', operator: 'gte', value: 3.5 as never })).toBe('GPA: at least 3.5');
    expect(ruleInWords({ fieldName: 'GPA', operator: 'lte', value: 2 as never })).toBe('GPA: at most 2');
    expect(ruleInWords({ fieldName: 'GPA', operator: 'between', value: [3, 4] as never })).toBe('GPA: between 3 and 4');
    expect(ruleInWords({ fieldName: 'dob', operator: 'ageBetween', value: [16, 22] as never })).toBe('Age: between 16 and 22');
    expect(ruleInWords({ fieldName: 'Military affiliation', operator: 'exists' })).toBe('Military affiliation: any answer');
  });
});
