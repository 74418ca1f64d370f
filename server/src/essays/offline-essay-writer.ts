import { type EssayKind, type EssayRequest, EssayWriter } from './essay-writer.js';
import { escapeHtml } from './model-text.js';

/** The request's facts, escaped for HTML, with the wording used when one is missing. */
interface Facts {
  name: string;
  school?: string;
  /** 'Accounting', or 'your field' / 'my field' (the outline speaks to the student, the essay as them) */
  field: string;
  hasField: boolean;
  /** 'the Future Leaders Scholarship' or 'this scholarship' */
  award: string;
  titled: boolean;
  /** The scholarship's first sentences, when it has a description. */
  aim?: string;
  notes?: string;
}

/** Enough of a description to quote: its first sentences, at most this long. */
const AIM_MAX_CHARS = 240;

/**
 * The embedded default: a structured outline or a draft essay built from the applicant's name,
 * school and field of study and the scholarship's title and description, with bracketed prompts
 * where only the student knows the details. Deterministic, instant, and labelled 'offline'.
 */
export class OfflineEssayWriter extends EssayWriter {
  readonly source = 'offline';
  readonly destination = 'the offline outline and draft generator (set LLM_BASE_URL for an AI model)';

  async write(request: EssayRequest): Promise<string> {
    return offlineEssay(request);
  }
}

export function offlineEssay(request: EssayRequest): string {
  return WRITERS[request.kind](factsOf(request, request.kind === 'outline' ? 'your field' : 'my field'));
}

const WRITERS: Record<EssayKind, (facts: Facts) => string> = {
  outline: (f) =>
    [
      section('Introduction', [
        `Open with one specific moment that drew you to ${f.field}: a class, a project, a job or a problem you wanted to solve.`,
        `Introduce yourself: ${f.name}, a student${atSchool(f)}${studying(f)}.`,
        `End the paragraph with the point of the essay: why you are a strong candidate for ${f.award}.`,
      ]),
      section('Background', [
        `Name: ${f.name}; school: ${f.school ?? '[your school]'}; field of study: ${f.hasField ? f.field : '[your field of study]'}.`,
        `Your strongest work in ${f.field}: one or two courses, projects or results, with numbers where you have them (grades, hours, people helped).`,
        'Responsibilities outside class that shaped you: a job, caring for family, volunteering, a team.',
        `One obstacle you met${atSchool(f)} and what you did about it.`,
      ]),
      section('Why this scholarship', [
        f.aim ? `What ${f.award} is for, in the sponsor's words: “${f.aim}”` : `What ${f.award} is for, and who the sponsor wants to support.`,
        `Two of its aims that match your experience in ${f.field}, each tied to an example from your background.`,
        'What the award would change for you: the costs it covers and the time it frees for your studies.',
      ]),
      section('Goals', [
        `Next one to two years: what you will complete in ${f.field} (courses, a degree, a certification, a project).`,
        `Long term: the career or contribution you are working towards in ${f.field}, and who benefits from it.`,
        `How ${f.award} moves you closer to both.`,
      ]),
      section('Conclusion', [
        'Return to your opening moment and show how far it has brought you.',
        `Restate in one sentence why you are a strong fit for ${f.award}.`,
        'Thank the committee for considering your application.',
      ]),
      notes(f),
    ].join(''),
  essay: (f) =>
    [
      `<h2>${f.titled ? `Why I am applying for ${f.award}` : 'My scholarship essay'}</h2>`,
      paragraph(
        `My name is ${f.name}, and I am a student${atSchool(f)}${studying(f)}.`,
        `I still remember [the moment that drew you to ${f.field}: a class, a project, a job or a problem you wanted to solve].`,
        `That moment is why I am applying for ${f.award}: it asks for the commitment I have been building ever since.`,
      ),
      paragraph(
        `At ${f.school ?? 'school'}, my work in ${f.field} has been more than a list of courses.`,
        '[Describe one or two achievements: a course, a project or a result, with numbers where you have them.]',
        'Outside class, [a job, a family responsibility, a team or volunteering] taught me to manage my time and to keep going when things were hard.',
        'When [an obstacle you met] stood in my way, I [what you did about it], and I learned [what it taught you].',
      ),
      paragraph(
        f.aim ? `${capitalise(f.award)} stands out to me because of what it sets out to do: “${f.aim}”` : `${capitalise(f.award)} matters to me because of what it would make possible.`,
        '[Connect one of its aims to your own experience.]',
        `This award would [what it would change: the costs it covers, the hours of work it replaces], so that I could give more of my time to ${f.field}.`,
      ),
      paragraph(
        `Over the next two years I plan to [complete a degree, a certification or a project in ${f.field}].`,
        'In the long run I want to [the career or contribution you are working towards], because [who benefits and why it matters to you].',
        `${capitalise(f.award)} would move me closer to both.`,
      ),
      paragraph(
        `When I think back to [the opening moment], I see how far curiosity and hard work have brought me, and how much further I intend to go in ${f.field}.`,
        'Thank you for considering my application.',
      ),
      notes(f),
    ].join(''),
};

function factsOf({ applicant, scholarship, instructions }: EssayRequest, unknownField: string): Facts {
  const name = `${applicant.firstName} ${applicant.lastName}`.trim();
  const title = scholarship?.title.trim();
  return {
    name: escapeHtml(name || 'a student'),
    school: applicant.school ? escapeHtml(applicant.school) : undefined,
    field: applicant.fieldOfStudy ? escapeHtml(applicant.fieldOfStudy) : unknownField,
    hasField: Boolean(applicant.fieldOfStudy),
    // 'The Gates Scholarship' keeps its own article.
    award: title ? `${/^the\s/i.test(title) ? '' : 'the '}${escapeHtml(title)}` : 'this scholarship',
    titled: Boolean(title),
    aim: scholarship?.description.trim() ? escapeHtml(firstSentences(scholarship.description.trim(), AIM_MAX_CHARS)) : undefined,
    notes: instructions?.trim() ? escapeHtml(instructions.trim()) : undefined,
  };
}

/** Whole sentences up to `max` characters; a single long one is cut with an ellipsis. */
export function firstSentences(text: string, max: number): string {
  let result = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const longer = result ? `${result} ${sentence}` : sentence;
    if (longer.length > max) break;
    result = longer;
  }
  return result || `${text.slice(0, max - 1).trimEnd()}…`;
}

const section = (heading: string, bullets: string[]) => `<h2>${heading}</h2><ul>${bullets.map((b) => `<li>${b}</li>`).join('')}</ul>`;
const paragraph = (...sentences: string[]) => `<p>${sentences.join(' ')}</p>`;
const atSchool = (f: Facts) => (f.school ? ` at ${f.school}` : '');
const studying = (f: Facts) => (f.hasField ? ` studying ${f.field}` : '');
const notes = (f: Facts) => (f.notes ? `<h3>Your notes</h3><p>${f.notes}</p>` : '');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
