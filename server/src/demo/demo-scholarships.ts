import type { EligibilityRule, Requirement } from '@scholarmatch/schemas';
import { randomUUID } from 'node:crypto';

/**
 * About 200 realistic demo scholarships: varied sponsors' themes, amounts, deadlines
 * (some within 14 days), criteria over the profile fields and requirement mixes (none: Easy
 * Apply; a CV only; essays, links, files and checkboxes). Deterministic: the same list each start.
 */
export interface DemoScholarship {
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  deadlineInDays: number;
  criteria: EligibilityRule[];
  requirements: Requirement[];
}

const THEMES = [
  ['First-Generation Scholars Award', 'For students who are the first in their family to go to college.'],
  ['Future Nurses Grant', 'Supports students preparing for a career in nursing and health care.'],
  ['STEM Pathways Scholarship', 'For students studying science, technology, engineering or mathematics.'],
  ['Community Leaders Fund', 'Rewards students who lead volunteer projects in their community.'],
  ['Rural Students Opportunity Award', 'Helps students from rural areas attend college.'],
  ['Women in Technology Scholarship', 'Encourages women to study computing and engineering.'],
  ['Military Families Scholarship', 'For children and spouses of service members and veterans.'],
  ['Arts and Design Award', 'For students pursuing visual arts, music, theatre or design.'],
  ['Business Innovators Grant', 'For future entrepreneurs studying business or economics.'],
  ['Teachers of Tomorrow Scholarship', 'Supports students who plan to teach.'],
] as const;

const AMOUNTS = [500, 1000, 1500, 2000, 2500, 5000, 7500, 10000];

function requirement(title: string, dataType: Requirement['field']['dataType'], key: string, optional = false, description?: string): Requirement {
  return { id: randomUUID(), title, optional, field: { key, name: title, dataType }, ...(description ? { description } : {}) };
}

/** A small deterministic generator (mulberry32), so demo data is the same on every machine. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoScholarships(count = 200): DemoScholarship[] {
  const next = random(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const criteriaChoices: (() => EligibilityRule[])[] = [
    () => [],
    () => [{ fieldKey: 'country', operator: 'in', value: ['us'] }],
    () => [{ fieldKey: 'gpa', operator: 'gte', value: pick([2.5, 3, 3.3, 3.5]) }],
    () => [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, pick([19, 22, 25, 30])] }],
    () => [{ fieldKey: 'citizenship', operator: 'in', value: ['us-citizen', 'us-national', 'permanent-resident'] }],
    () => [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, { fieldKey: 'country', operator: 'in', value: ['us'] }],
    () => [{ fieldKey: 'militaryAffiliation', operator: 'exists' }],
    () => [{ fieldKey: 'isInterestedInOnlineStudy', operator: 'in', value: ['1', '3'] }],
  ];
  const requirementChoices: (() => Requirement[])[] = [
    () => [],
    () => [],
    () => [requirement('CV', 'file', 'cv', false, 'Your CV as a PDF or Word document.')],
    () => [requirement('Personal essay', 'editor', 'essay', false, 'Tell us about a goal and how this scholarship helps (about 500 words).')],
    () => [
      requirement('Personal essay', 'editor', 'essay'),
      requirement('Portfolio or LinkedIn link', 'link', 'portfolio', true),
      requirement('I confirm the information I give is true', 'checkbox', 'confirmation'),
    ],
    () => [requirement('Transcript', 'file', 'transcript'), requirement('Short answer: why this field?', 'text', 'whyField')],
  ];
  return Array.from({ length: count }, (_, index) => {
    const [title, description] = THEMES[index % THEMES.length];
    const split = next() < 0.3;
    const amount = pick(AMOUNTS);
    return {
      title: `${title} ${2027 + Math.floor(index / THEMES.length) % 3}${index >= THEMES.length ? ` #${Math.floor(index / THEMES.length) + 1}` : ''}`,
      description: `<p>${description}</p><p>Awarded by the ScholarMatch demo foundation.</p>`,
      amounts: split ? [amount, Math.round(amount / 2)] : [],
      award: split ? null : amount,
      // About one in ten closes within 14 days.
      deadlineInDays: next() < 0.1 ? 1 + Math.floor(next() * 13) : 15 + Math.floor(next() * 300),
      criteria: pick(criteriaChoices)(),
      requirements: pick(requirementChoices)(),
    };
  });
}
