import type { MarkingSystem } from '../vocabulary.js';

/** A lower bound (inclusive) and the 4-point GPA it gives; tables are sorted from the top band down. */
type Band = readonly [lowerBound: number, gpa: number];

/** Percentage -> 4-point GPA (as in the original product): 85-100 gives 4.0 ... below 55 gives 0.0. */
const PERCENTAGE_BANDS: readonly Band[] = [
  [85, 4.0],
  [80, 3.7],
  [75, 3.3],
  [70, 3.0],
  [65, 2.7],
  [60, 2.3],
  [55, 2.0],
];

/** 10-point CGPA -> 4-point GPA (as in the original product): 8.5 and above gives 4.0 ... below 5.5 gives 0.0. */
const CGPA10_BANDS: readonly Band[] = [
  [8.5, 4.0],
  [8, 3.7],
  [7.5, 3.3],
  [7, 3.0],
  [6.5, 2.7],
  [6, 2.3],
  [5.5, 2.0],
];

/** How each marking system reads in a picker (served in the UI schema). */
export const MARKING_SYSTEM_LABELS: Record<MarkingSystem, string> = {
  Percentage: 'Percentage (0–100)',
  '10CGPA': 'CGPA (out of 10)',
  GPA: 'GPA (out of 4)',
};

/** The accepted range of a grade in each marking system. */
export const GRADE_RANGES: Record<MarkingSystem, { min: number; max: number }> = {
  Percentage: { min: 0, max: 100 },
  '10CGPA': { min: 0, max: 10 },
  GPA: { min: 0, max: 4 },
};

function fromBands(bands: readonly Band[], grade: number): number {
  const band = bands.find(([lowerBound]) => grade >= lowerBound);
  return band ? band[1] : 0;
}

const CONVERTERS: Record<MarkingSystem, (grade: number) => number> = {
  Percentage: (grade) => fromBands(PERCENTAGE_BANDS, grade),
  '10CGPA': (grade) => fromBands(CGPA10_BANDS, grade),
  GPA: (grade) => grade,
};

/**
 * The 4-point GPA of a grade, or undefined when the grade is missing or outside its system's range
 * (the schema reports the range; a conversion of an invalid grade would be a guess).
 */
export function gradeToGpa(markingSystem: MarkingSystem | undefined, grade: number | undefined): number | undefined {
  if (!markingSystem || !(markingSystem in CONVERTERS)) return undefined;
  if (typeof grade !== 'number' || !Number.isFinite(grade)) return undefined;
  const { min, max } = GRADE_RANGES[markingSystem];
  if (grade < min || grade > max) return undefined;
  return CONVERTERS[markingSystem](grade);
}
