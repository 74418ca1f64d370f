import { FormValidator } from '../validation/validate.js';
import { requirementsFromDrafts } from './requirement-editor.js';
import { wordCount } from '../validation/keyword-rules.js';
import { answeredOnly } from '../answers/answers.js';
import { compileRequirementForm, ESSAY_MIN_WORDS, requirementFields } from './requirement-form.js';
import type { Requirement, RequirementKind } from './requirements.js';

const SCHOLARSHIP = '0b9c7c3e-2f4a-4a59-9d53-3f7f3a9e0c11';
const FILE_URL = '/api/v1/common/files/5f0c2b9e-8d2a-4c1e-9b7a-2d3e4f5a6b7c';

function requirement(key: string, dataType: RequirementKind, optional = false): Requirement {
  return { id: `${key}-id`, title: `The ${key}`, optional, field: { key, name: `The ${key}`, dataType } };
}

const ALL_KINDS = [
  requirement('cv', 'file'),
  requirement('portfolio', 'link'),
  requirement('confirmation', 'checkbox'),
  requirement('whyField', 'text'),
  requirement('essay', 'editor'),
];

function errorsOf(requirements: Requirement[], answers: unknown) {
  const form = compileRequirementForm(SCHOLARSHIP, requirements);
  return new FormValidator().validate(`${form.key}@${form.version}`, form.schema, answers);
}

describe('compileRequirementForm', () => {
  it('asks for every required requirement with the original messages', () => {
    expect(errorsOf(ALL_KINDS, {})).toEqual([
      { path: 'cv', message: 'Please upload!' },
      { path: 'portfolio', message: 'Please provide!' },
      { path: 'confirmation', message: 'Please provide!' },
      { path: 'whyField', message: 'Please add essay!' },
      { path: 'essay', message: 'Please add essay!' },
    ]);
  });

  it('accepts a complete application: an upload, a link, a ticked box, text and a written or uploaded essay', () => {
    const answers = { cv: FILE_URL, portfolio: 'https://example.org/me', confirmation: true, whyField: 'Because.' };
    expect(errorsOf(ALL_KINDS, { ...answers, essay: { text: '<p>My essay</p>' } })).toEqual([]);
    expect(errorsOf(ALL_KINDS, { ...answers, essay: { url: FILE_URL } })).toEqual([]);
  });

  it('refuses blank and unticked answers to required requirements', () => {
    const errors = errorsOf(ALL_KINDS, { cv: FILE_URL, portfolio: 'https://x.org', confirmation: false, whyField: '   ', essay: { text: ' ' } });
    expect(errors).toEqual([
      { path: 'confirmation', message: 'Please provide!' },
      { path: 'whyField', message: 'Please add essay!' },
      { path: 'essay.text', message: 'Please add essay!' },
    ]);
    expect(errorsOf([requirement('essay', 'editor')], { essay: {} })).toEqual([{ path: 'essay', message: 'Please add essay!' }]);
  });

  it('lets optional requirements stay empty, and marks only the others required', () => {
    const optional = ALL_KINDS.map((r) => ({ ...r, optional: true }));
    expect(errorsOf(optional, {})).toEqual([]);
    expect(compileRequirementForm(SCHOLARSHIP, optional).schema.required).toBeUndefined();
    expect(compileRequirementForm(SCHOLARSHIP, ALL_KINDS).schema.required).toEqual(['cv', 'portfolio', 'confirmation', 'whyField', 'essay']);
  });

  it('takes files only as our own uploads, never an outside or script link', () => {
    for (const cv of ['https://evil.example/cv.pdf', 'javascript:alert(1)', '/api/v1/common/files/../../etc/passwd']) {
      expect(errorsOf([requirement('cv', 'file')], { cv })).toEqual([{ path: 'cv', message: 'Please upload the file here!' }]);
    }
    expect(errorsOf([requirement('essay', 'editor')], { essay: { url: 'https://evil.example/e.pdf' } })).toContainEqual({
      path: 'essay.url',
      message: 'Please upload the file here!',
    });
  });

  it('takes an essay as text or a file, not both and nothing else', () => {
    expect(errorsOf([requirement('essay', 'editor', true)], { essay: { text: '<p>a</p>', url: FILE_URL } })).toContainEqual({
      path: 'essay',
      message: 'Please write the essay or upload it as a file!',
    });
    expect(errorsOf([requirement('essay', 'editor', true)], { essay: 'plain string' })).toContainEqual({
      path: 'essay',
      message: 'Please write the essay or upload it as a file!',
    });
  });

  it('gives the widgets what they show: upload limits, the essay hint and the description', () => {
    const form = compileRequirementForm(SCHOLARSHIP, [{ ...requirement('cv', 'file'), description: 'As a PDF.' }, requirement('essay', 'editor')]);
    expect(form.uiSchema.cv).toEqual({
      'ui:help': 'As a PDF.',
      'ui:widget': 'upload',
      'ui:options': { accept: ['.pdf', '.doc', '.docx'], maxSizeBytes: 2 * 1024 * 1024, purpose: 'document' },
    });
    expect(form.uiSchema.essay).toMatchObject({ 'ui:field': 'essay', 'ui:options': { minWords: ESSAY_MIN_WORDS, scholarshipId: SCHOLARSHIP } });
    expect(form.uiSchema['ui:order']).toEqual(['cv', 'essay', '*']);
  });

  it('is versioned by content: same requirements same version, an edit a new one', () => {
    const first = compileRequirementForm(SCHOLARSHIP, ALL_KINDS);
    expect(compileRequirementForm(SCHOLARSHIP, ALL_KINDS.map((r) => ({ ...r, id: `${r.id}-new` }))).version).toBe(first.version);
    expect(compileRequirementForm(SCHOLARSHIP, [...ALL_KINDS, requirement('extra', 'text', true)]).version).not.toBe(first.version);
    expect(compileRequirementForm(SCHOLARSHIP, ALL_KINDS.map((r, i) => ({ ...r, optional: i === 0 }))).version).not.toBe(first.version);
  });
});

describe('answeredOnly', () => {
  it('drops what is no answer: blank text, an unticked box, an empty essay, null', () => {
    const fields = requirementFields([
      requirement('a', 'text'),
      requirement('b', 'checkbox'),
      requirement('c', 'editor'),
      requirement('d', 'link'),
      requirement('e', 'text'),
      requirement('f', 'checkbox'),
      requirement('g', 'editor'),
    ]);
    expect(answeredOnly(fields, { a: '  ', b: false, c: { text: '' }, d: null, e: 'x', f: true, g: { url: FILE_URL } })).toEqual({
      e: 'x',
      f: true,
      g: { url: FILE_URL },
    });
  });
});

describe('per-kind options of a requirement', () => {
  const validator = new FormValidator();
  const essay = (wordLimit?: number): Requirement => ({
    id: 'e', title: 'Essay', optional: false, field: { key: 'essay', name: 'Essay', dataType: 'editor' }, ...(wordLimit ? { options: { wordLimit } } : {}),
  });

  it('keeps forms without options exactly as before (same version)', () => {
    const plain = compileRequirementForm('s', [essay()]);
    expect(plain.uiSchema.essay).toMatchObject({ 'ui:options': { minWords: 1000 } });
    expect(JSON.stringify(plain.schema)).not.toContain('maxWords');
  });

  it('enforces a word limit on a written essay with its message, and shows it instead of the minimum', () => {
    const form = compileRequirementForm('s', [essay(5)]);
    expect(form.uiSchema.essay).toMatchObject({ 'ui:options': { maxWords: 5 } });
    expect((form.uiSchema.essay as { 'ui:options': object })['ui:options']).not.toHaveProperty('minWords');
    expect(validator.validate(`s@${form.version}`, form.schema, { essay: { text: '<p>one two three four five</p>' } })).toEqual([]);
    expect(validator.validate(`s@${form.version}`, form.schema, { essay: { text: '<p>one two three <b>four</b> five six</p>' } })).toEqual([
      { path: 'essay.text', message: 'Please keep it to 5 words or fewer!' },
    ]);
  });

  it('limits the words of a short answer, and accepts images for an image requirement', () => {
    const form = compileRequirementForm('s', [
      { id: 't', title: 'Why', optional: true, field: { key: 'why', name: 'Why', dataType: 'text' }, options: { wordLimit: 2 } },
      { id: 'p', title: 'Photo', optional: true, field: { key: 'photo', name: 'Photo', dataType: 'file' }, options: { fileKinds: 'image' } },
    ]);
    expect(validator.validate(`s2@${form.version}`, form.schema, { why: 'too many words' })).toEqual([{ path: 'why', message: 'Please keep it to 2 words or fewer!' }]);
    expect(form.uiSchema.photo).toMatchObject({ 'ui:options': { purpose: 'image', accept: ['.jpg', '.jpeg', '.png'] } });
  });
});

describe('requirement keys and word counts on hostile input', () => {
  it('makes unique keys for long repeated titles (the number is never cut off)', () => {
    const title = 'A'.repeat(80);
    const drafts = [1, 2, 3].map(() => ({ answers: { requirementTitle: title, requirementKind: 'text' } }));
    const keys = requirementsFromDrafts(drafts, (i) => `id${i}`).map((r) => r.field.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => key.length <= 64)).toBe(true);
  });

  it('counts the words of a text of many unclosed tags without quadratic work', () => {
    expect(wordCount('<'.repeat(200_000))).toBe(1);
    expect(wordCount('<p>one <b>two</b></p> three&nbsp;four')).toBe(4);
  });
});
