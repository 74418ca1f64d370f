import { essayMessages } from './essay-prompt.js';
import type { EssayRequest } from './essay-writer.js';

const applicant = { firstName: 'Maya', lastName: 'Lopez', school: 'Lincoln High School', fieldOfStudy: 'Accounting' };
const scholarship = { title: 'Future Leaders Scholarship', description: 'For students who lead in their community.' };

describe('essayMessages', () => {
  it("asks for an essay from the scholarship's title and description and the student's facts", () => {
    const { system, user } = essayMessages({ kind: 'essay', applicant, scholarship });
    expect(system).toMatch(/HTML/);
    expect(user).toContain('essay');
    expect(user).toContain('Scholarship: Future Leaders Scholarship');
    expect(user).toContain('Description: For students who lead in their community.');
    expect(user).toContain('Student: Maya Lopez');
    expect(user).toContain('School: Lincoln High School');
    expect(user).toContain('Field of study: Accounting');
  });

  it('asks for an outline with the five headings, and says when a fact is missing', () => {
    const { user } = essayMessages({ kind: 'outline', applicant: { firstName: 'Maya', lastName: 'Lopez' } });
    expect(user).toMatch(/outline.*Introduction, Background, Why this scholarship, Goals and Conclusion/);
    expect(user).toContain('School: not given');
    expect(user).not.toContain('Scholarship:');
  });

  it("appends the student's own instruction last, and cuts a very long description", () => {
    const request: EssayRequest = { kind: 'essay', applicant, scholarship: { ...scholarship, description: 'x'.repeat(10_000) }, instructions: '  Mention the food bank.  ' };
    const { user } = essayMessages(request);
    expect(user.endsWith("The student's own instructions: Mention the food bank.")).toBe(true);
    expect(user.length).toBeLessThan(4000);
  });
});
