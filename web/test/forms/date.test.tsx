import { describe, expect, it } from 'vitest';
import { todayIso } from '@scholarmatch/schemas';
import { screen } from '@testing-library/react';
import { latestSelectableDate, yearsBefore } from '../../src/forms/widgets/dates';
import { renderFields } from '../render-form';

describe('date widget', () => {
  it('bounds the picker at today minus latestYearsAgo years', () => {
    renderFields([{ key: 'dob', name: 'Date of birth', dataType: 'date', validation: { minAgeYears: 16, notAfterToday: true } }]);
    const input = screen.getByLabelText(/Date of birth/) as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.max).toBe(yearsBefore(todayIso(), 16));
  });

  it('bounds the picker at today for notAfterToday', () => {
    renderFields([{ key: 'issued', name: 'Issue date', dataType: 'date', validation: { notAfterToday: true } }]);
    expect((screen.getByLabelText(/Issue date/) as HTMLInputElement).max).toBe(todayIso());
  });

  it('has no bound without options', () => {
    renderFields([{ key: 'start', name: 'Start date', dataType: 'date' }]);
    expect((screen.getByLabelText(/Start date/) as HTMLInputElement).max).toBe('');
  });

  it('clamps 29 February to the 28th in common years', () => {
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
    expect(latestSelectableDate({ latestYearsAgo: 16 }, '2026-11-21')).toBe('2010-11-21');
  });
});
