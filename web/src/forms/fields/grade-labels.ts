import { GRADE_RANGES, MARKING_SYSTEMS, type MarkingSystem } from '@scholarmatch/schemas';

export function isMarkingSystem(value: unknown): value is MarkingSystem {
  return typeof value === 'string' && (MARKING_SYSTEMS as readonly string[]).includes(value);
}

/** The systems a field offers (`ui:options.markingSystems`), all of them by default. */
export function offeredMarkingSystems(option: unknown): MarkingSystem[] {
  const offered = Array.isArray(option) ? option.filter(isMarkingSystem) : [];
  return offered.length ? offered : [...MARKING_SYSTEMS];
}

/** The served label of each offered system (`markingSystem['ui:enumNames']`), else its code. */
export function markingSystemLabels(systems: MarkingSystem[], enumNames: unknown): Record<string, string> {
  const names = Array.isArray(enumNames) ? enumNames : [];
  return Object.fromEntries(systems.map((system, index) => [system, typeof names[index] === 'string' ? names[index] : system]));
}

/** '0 – 100' for the grade input's placeholder once a system is chosen. */
export function gradeRangeHint(system: MarkingSystem | undefined): string | undefined {
  if (!system) return undefined;
  const { min, max } = GRADE_RANGES[system];
  return `${min} – ${max}`;
}

/** A 4-point GPA as shown: one decimal ('4.0', '3.7'). */
export function formatGpa(gpa: number | undefined): string {
  return gpa === undefined ? '' : gpa.toFixed(1);
}
