import { formatDate, formatDayMonthYear } from './dates.js';

describe('formatDate', () => {
  const moment = '2027-03-05T14:05:00Z';

  it('writes each style as its screens and messages always have', () => {
    expect(formatDate(moment, 'long', 'UTC')).toBe('05 March, 2027');
    expect(formatDate(moment, 'longTime', 'UTC')).toBe('05 March, 2027, 14:05');
    expect(formatDate(moment, 'monthFirst', 'UTC')).toBe('March 5, 2027');
    expect(formatDate(moment, 'monthFirstPadded', 'UTC')).toBe('March 05, 2027');
    expect(formatDate(moment, 'weekday', 'UTC')).toBe('Friday, 5 March 2027');
    expect(formatDate(moment, 'short', 'UTC')).toBe('Mar 5, 2027');
    expect(formatDate(moment, 'shortTime', 'UTC').replace(/\s/g, ' ')).toBe('Mar 5, 2027, 2:05 PM');
  });

  it('writes the day the moment falls on in the given time zone', () => {
    expect(formatDate('2027-03-05T20:00:00Z', 'long', 'Asia/Tokyo')).toBe('06 March, 2027');
    expect(formatDate('2027-03-05T20:00:00Z', 'longTime', 'Asia/Tokyo')).toBe('06 March, 2027, 05:00');
    expect(formatDate(new Date('2027-01-01T00:00:00Z'), 'weekday', 'UTC')).toBe('Friday, 1 January 2027');
  });

  it('keeps formatDayMonthYear as the long style', () => {
    expect(formatDayMonthYear(moment, 'UTC')).toBe(formatDate(moment, 'long', 'UTC'));
  });
});
