import { describe, expect, it } from 'vitest';
import { matchingSuggestions, MAX_LISTED_SUGGESTIONS } from '../../src/forms/widgets/SearchSelectWidget';

describe('matchingSuggestions', () => {
  const schools = Array.from({ length: 200 }, (_, i) => ({ value: `s${i}`, label: i % 2 ? `Lakeside School ${i}` : `Hillcrest Academy ${i}` }));

  it('matches the typed text anywhere in the label, in any case', () => {
    expect(matchingSuggestions(schools, 'academy 10').map((o) => o.value)).toEqual(['s10', 's100', 's102', 's104', 's106', 's108']);
  });

  it('lists at most MAX_LISTED_SUGGESTIONS, also before anything is typed', () => {
    expect(matchingSuggestions(schools, '')).toHaveLength(MAX_LISTED_SUGGESTIONS);
    expect(matchingSuggestions(schools, 'lakeside')).toHaveLength(MAX_LISTED_SUGGESTIONS);
    expect(matchingSuggestions(schools, 'nowhere')).toEqual([]);
  });
});
