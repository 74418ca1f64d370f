import fc from 'fast-check';
import { gradeToGpa } from './grade.js';

describe('gradeToGpa', () => {
  it.each([
    [100, 4.0], [85, 4.0], [84.99, 3.7], [80, 3.7], [79.99, 3.3], [75, 3.3], [74.99, 3.0], [70, 3.0],
    [69.99, 2.7], [65, 2.7], [64.99, 2.3], [60, 2.3], [59.99, 2.0], [55, 2.0], [54.99, 0.0], [0, 0.0],
  ])('Percentage %p gives %p', (grade, gpa) => {
    expect(gradeToGpa('Percentage', grade)).toBe(gpa);
  });

  it.each([
    [10, 4.0], [8.5, 4.0], [8.49, 3.7], [8, 3.7], [7.99, 3.3], [7.5, 3.3], [7, 3.0], [6.5, 2.7],
    [6, 2.3], [5.5, 2.0], [5.49, 0.0], [0, 0.0],
  ])('10CGPA %p gives %p', (grade, gpa) => {
    expect(gradeToGpa('10CGPA', grade)).toBe(gpa);
  });

  it('keeps a 4-point GPA as entered', () => {
    expect(gradeToGpa('GPA', 3.45)).toBe(3.45);
  });

  it('gives nothing for grades outside the system, missing grades or systems', () => {
    expect(gradeToGpa('Percentage', 100.01)).toBeUndefined();
    expect(gradeToGpa('Percentage', -1)).toBeUndefined();
    expect(gradeToGpa('10CGPA', 10.5)).toBeUndefined();
    expect(gradeToGpa('GPA', 4.2)).toBeUndefined();
    expect(gradeToGpa('Percentage', undefined)).toBeUndefined();
    expect(gradeToGpa(undefined, 90)).toBeUndefined();
    expect(gradeToGpa('Percentage', Number.NaN)).toBeUndefined();
  });

  const PERCENT_STEPS = [0, 55, 60, 65, 70, 75, 80, 85];
  const CGPA_STEPS = [0, 5.5, 6, 6.5, 7, 7.5, 8, 8.5];
  const GPA_STEPS = [0, 2.0, 2.3, 2.7, 3.0, 3.3, 3.7, 4.0];

  /** The reference reading of the original table: the highest step at or below the grade. */
  function reference(steps: number[], grade: number): number {
    let index = 0;
    steps.forEach((step, i) => {
      if (grade >= step) index = i;
    });
    return GPA_STEPS[index];
  }

  it('follows the Percentage table for every grade from 0 to 100', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (grade) => {
        expect(gradeToGpa('Percentage', grade)).toBe(reference(PERCENT_STEPS, grade));
      }),
    );
  });

  it('follows the 10CGPA table for every grade from 0 to 10', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (grade) => {
        expect(gradeToGpa('10CGPA', grade)).toBe(reference(CGPA_STEPS, grade));
      }),
    );
  });

  it('never decreases as the grade rises', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Percentage' as const, '10CGPA' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (system, a, b) => {
          const top = system === 'Percentage' ? 100 : 10;
          const [low, high] = [Math.min(a, b) * top, Math.max(a, b) * top];
          expect(gradeToGpa(system, low)!).toBeLessThanOrEqual(gradeToGpa(system, high)!);
        },
      ),
    );
  });
});
