import { describe, expect, it } from '@jest/globals';
import { todayIso } from '@scholarmatch/schemas';
import { screen } from '@testing-library/react';
import { latestSelectableDate, yearsBefore } from '../../src/forms/widgets/dates';
import { formSchema, renderForm } from '../render-form';

describe('date widget', () => {
  it('bounds the picker at today minus latestYearsAgo years', () => {
    renderForm({
      schema: formSchema({ dob: { type: 'string', title: 'Date of birth', format: 'date', minAge: 16 } as never }),
      uiSchema: { dob: { 'ui:widget': 'date', 'ui:options': { latestYearsAgo: 16, notAfterToday: true } } },
    });
    const input = screen.getByLabelText(/Date of birth/) as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.max).toBe(yearsBefore(todayIso(), 16));
  });

  it('bounds the picker at today for notAfterToday', () => {
    renderForm({
      schema: formSchema({ issued: { type: 'string', title: 'Issue date', format: 'date' } }),
      uiSchema: { issued: { 'ui:widget': 'date', 'ui:options': { notAfterToday: true } } },
    });
    expect((screen.getByLabelText(/Issue date/) as HTMLInputElement).max).toBe(todayIso());
  });

  it('has no bound without options', () => {
    renderForm({
      schema: formSchema({ start: { type: 'string', title: 'Start date', format: 'date' } }),
      uiSchema: { start: { 'ui:widget': 'date' } },
    });
    expect((screen.getByLabelText(/Start date/) as HTMLInputElement).max).toBe('');
  });

  it('clamps 29 February to the 28th in common years', () => {
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
    expect(latestSelectableDate({ latestYearsAgo: 16 }, '2026-11-21')).toBe('2010-11-21');
  });
});
