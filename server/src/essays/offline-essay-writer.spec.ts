import { sanitizeRichText } from '@scholarmatch/schemas/html';
import type { EssayRequest } from './essay-writer.js';
import { firstSentences, offlineEssay, OfflineEssayWriter } from './offline-essay-writer.js';

const request: EssayRequest = {
  kind: 'outline',
  applicant: { firstName: 'Maya', lastName: 'Lopez', school: 'Lincoln High School', fieldOfStudy: 'Accounting' },
  scholarship: { title: 'Future Leaders Scholarship', description: 'For students who lead in their community. Winners are announced in May.' },
};

describe('the offline essay generator', () => {
  it('outlines the five sections with bullets built from the applicant and the scholarship', () => {
    const html = offlineEssay(request);
    expect(html.match(/<h2>[^<]+<\/h2>/g)).toEqual(['<h2>Introduction</h2>', '<h2>Background</h2>', '<h2>Why this scholarship</h2>', '<h2>Goals</h2>', '<h2>Conclusion</h2>']);
    expect(html).toContain('Maya Lopez, a student at Lincoln High School studying Accounting');
    expect(html).toContain('the Future Leaders Scholarship');
    expect(html).toContain('“For students who lead in their community. Winners are announced in May.”');
    expect(html.match(/<li>/g)!.length).toBeGreaterThanOrEqual(15);
  });

  it('drafts an essay in paragraphs from the same facts, with bracketed prompts for what only the student knows', () => {
    const html = offlineEssay({ ...request, kind: 'essay' });
    expect(html.startsWith('<h2>Why I am applying for the Future Leaders Scholarship</h2>')).toBe(true);
    expect(html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('My name is Maya Lopez, and I am a student at Lincoln High School studying Accounting.');
    expect(html).toContain('At Lincoln High School, my work in Accounting');
    expect(html).toMatch(/\[[^\]]+\]/);
  });

  it('reads naturally when the profile or the scholarship is missing', () => {
    const html = offlineEssay({ kind: 'essay', applicant: { firstName: 'Sam', lastName: 'Lee' } });
    expect(html).toContain('<h2>My scholarship essay</h2>');
    expect(html).toContain('My name is Sam Lee, and I am a student.');
    expect(html).toContain('This scholarship');
    expect(html).not.toMatch(/undefined|null/);
    expect(offlineEssay({ kind: 'outline', applicant: { firstName: 'Sam', lastName: 'Lee' } })).toContain('field of study: [your field of study]');
  });

  it('escapes the facts, keeps a title starting with "The", and adds the student notes', () => {
    const html = offlineEssay({
      kind: 'outline',
      applicant: { firstName: '<script>', lastName: 'x', fieldOfStudy: 'Art & Design' },
      scholarship: { title: 'The Gates Scholarship', description: '' },
      instructions: 'Mention <b>robotics</b>',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Art &amp; Design');
    expect(html).toContain('The Gates Scholarship');
    expect(html).not.toContain('the The');
    expect(html).toContain('<h3>Your notes</h3><p>Mention &lt;b&gt;robotics&lt;/b&gt;</p>');
  });

  it('is deterministic and already within the rich-text allow-list', async () => {
    const writer = new OfflineEssayWriter();
    const first = await writer.write(request);
    expect(await writer.write(request)).toBe(first);
    expect(sanitizeRichText(first)).toBe(first);
    expect(writer.source).toBe('offline');
  });
});

describe('firstSentences', () => {
  it('keeps whole sentences within the limit, or cuts one long sentence', () => {
    expect(firstSentences('One. Two! Three?', 9)).toBe('One. Two!');
    expect(firstSentences('Open to U.S. students. More.', 22)).toBe('Open to U.S. students.');
    expect(firstSentences('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
