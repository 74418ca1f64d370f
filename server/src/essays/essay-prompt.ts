import type { EssayKind, EssayRequest } from './essay-writer.js';

/** Long descriptions are cut: the model needs the gist, and the request stays small. */
const MAX_DESCRIPTION_CHARS = 3000;

const SYSTEM_PROMPT = [
  'You help students write scholarship applications.',
  'Write in the first person, as the student, in clear and sincere English.',
  'Answer with HTML only, using <h2>, <h3>, <p>, <ul>, <ol>, <li>, <strong> and <em>: no preamble, no code fences.',
  'Never invent grades, awards or experiences: where the essay needs a detail you were not given, write a short placeholder in square brackets.',
].join(' ');

/** The task, per kind (as in the original product: an essay or answer from a title and description; an outline from the name, school and field). */
const TASKS: Record<EssayKind, (hasScholarship: boolean) => string> = {
  essay: (hasScholarship) =>
    hasScholarship
      ? 'Write an essay (or the answer it asks for) for the scholarship below, from its title and description. Aim for about 1000 words, in paragraphs, with a short title as <h2>.'
      : 'Write a general scholarship essay for the student below, about their studies and goals. Aim for about 1000 words, in paragraphs, with a short title as <h2>.',
  outline: () =>
    "Write an outline for the student's scholarship essay using their name, school and field of study, with the headings Introduction, Background, Why this scholarship, Goals and Conclusion (as <h2>), each followed by a list of concrete bullet points.",
};

export interface ChatMessages {
  system: string;
  user: string;
}

/** The chat messages for one request: built on the server from looked-up facts. */
export function essayMessages(request: EssayRequest): ChatMessages {
  const { applicant, scholarship, instructions } = request;
  const lines = [TASKS[request.kind](scholarship !== undefined), ''];
  if (scholarship) {
    lines.push(`Scholarship: ${scholarship.title}`, `Description: ${truncate(scholarship.description, MAX_DESCRIPTION_CHARS) || 'none given'}`, '');
  }
  lines.push(
    `Student: ${applicant.firstName} ${applicant.lastName}`.trim(),
    `School: ${applicant.school ?? 'not given'}`,
    `Field of study: ${applicant.fieldOfStudy ?? 'not given'}`,
  );
  if (instructions?.trim()) lines.push('', `The student's own instructions: ${instructions.trim()}`);
  return { system: SYSTEM_PROMPT, user: lines.join('\n') };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}
