import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assistance questions: practical answers about scholarship applications, shown to
 * members. Answers are HTML within the rich-text allow-list (sanitizeRichText leaves them as they
 * are; test/essays.spec.ts checks it). The text is kept here, not in data/, so that this migration
 * never changes after it lands: later edits are new migrations or an admin's work.
 */
const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'How do I write a strong personal statement?',
    answer:
      '<p>A personal statement is the committee’s only chance to hear you speak. Answer the prompt they asked, not the one you wish they had asked.</p>' +
      '<ul>' +
      '<li><strong>Pick one story.</strong> A single moment told in detail (a project that failed, a job, a responsibility at home) is more memorable than a list of achievements.</li>' +
      '<li><strong>Show, then reflect.</strong> Describe what happened, then what you learned and how it changed what you do now.</li>' +
      '<li><strong>Connect it to the scholarship.</strong> Read the sponsor’s mission and show how your goals fit it, in one or two concrete sentences.</li>' +
      '<li><strong>Structure:</strong> an opening that puts the reader in the moment, two or three paragraphs of story and reflection, your goals, and a short conclusion that returns to the opening.</li>' +
      '<li><strong>Respect the word limit</strong> and write in your own voice: committees notice essays that sound like someone else.</li>' +
      '<li><strong>Revise.</strong> Put the draft away for a day, read it aloud, and ask a teacher or counselor to read it. Proofread names and the scholarship’s title.</li>' +
      '</ul>' +
      '<p>You may reuse a strong core essay for several scholarships, but rewrite the opening and the ending for each one.</p>',
  },
  {
    question: 'How do I ask for a letter of recommendation?',
    answer:
      '<p>A good letter comes from someone who knows your work well, not from the most important person you know.</p>' +
      '<ul>' +
      '<li><strong>Choose well:</strong> a teacher of a subject related to the scholarship, a counselor, an employer, a coach or a volunteer coordinator.</li>' +
      '<li><strong>Ask early:</strong> at least three to four weeks before the deadline, in person if you can, and ask whether they can write a <em>strong</em> letter.</li>' +
      '<li><strong>Make it easy:</strong> send a short summary with your CV, the scholarship’s name and description, the deadline, how to submit the letter, and two or three things you would like them to mention.</li>' +
      '<li><strong>Follow up politely</strong> a week before the deadline if the letter has not been sent.</li>' +
      '<li><strong>Say thank you</strong> with a note, and tell them the result: recommenders like to know.</li>' +
      '</ul>',
  },
  {
    question: 'What should I put in my CV or resume for a scholarship?',
    answer:
      '<p>Keep it to one page (two at most in college), newest first, and easy to scan.</p>' +
      '<ul>' +
      '<li><strong>Contact details:</strong> name, e-mail, phone, city and state.</li>' +
      '<li><strong>Education:</strong> school, expected graduation date, GPA if it helps you, and courses related to the scholarship.</li>' +
      '<li><strong>Honors and awards</strong> with the year.</li>' +
      '<li><strong>Activities and leadership:</strong> clubs, teams, roles and what you achieved in them.</li>' +
      '<li><strong>Work and volunteering:</strong> jobs and service, with hours per week or in total.</li>' +
      '<li><strong>Skills:</strong> languages, software, certifications.</li>' +
      '</ul>' +
      '<p>Start each line with an action verb (organized, built, tutored) and use numbers where you can (“tutored 12 students weekly”). Save it as a PDF: uploads here accept PDF, DOC or DOCX files up to 2 MB.</p>',
  },
  {
    question: 'How can I tell whether a scholarship is a scam?',
    answer:
      '<p>Real scholarships never charge you to apply or to receive money. Be careful when you see:</p>' +
      '<ul>' +
      '<li>An application, processing or “redemption” fee, or a request to pay taxes on the award in advance.</li>' +
      '<li>A promise that you are guaranteed to win, or a message that you have won something you never applied for.</li>' +
      '<li>Requests for your bank account, credit card or Social Security number before you have been selected.</li>' +
      '<li>Pressure to act today, or a sponsor with no address, website or history you can check.</li>' +
      '</ul>' +
      '<p>Check the sponsor independently (its own website, your school counselor or financial aid office). If you have been targeted, report it to the Federal Trade Commission at ReportFraud.ftc.gov.</p>',
  },
  {
    question: 'How do I keep track of scholarship deadlines?',
    answer:
      '<ul>' +
      '<li><strong>Keep one list</strong> with each scholarship’s name, deadline, requirements (essay, letters, transcript) and status. My Scholarships keeps your drafts and submitted applications.</li>' +
      '<li><strong>Set two reminders</strong> for each deadline: two weeks before (to ask for letters and transcripts) and three days before (to submit).</li>' +
      '<li><strong>Submit early.</strong> Deadlines usually end at a set hour in the sponsor’s time zone, and websites slow down on the last day.</li>' +
      '<li><strong>Work backwards:</strong> letters need three to four weeks and transcripts can take a week or more to be sent.</li>' +
      '<li><strong>Note recurring awards:</strong> many scholarships open again every year, often in the same month.</li>' +
      '</ul>',
  },
  {
    question: 'What is the FAFSA and why does it matter for scholarships?',
    answer:
      '<p>The FAFSA (Free Application for Federal Student Aid) is the form US colleges, states and the federal government use to decide need-based aid. It is free: file it only at studentaid.gov and never pay a site to do it.</p>' +
      '<ul>' +
      '<li>It decides federal grants such as the Pell Grant, work-study and federal student loans, and many state and college grants and scholarships require it too.</li>' +
      '<li>It usually opens on October 1 for the following school year. File as early as you can: some state and college aid is given until the money runs out.</li>' +
      '<li>You and, for most dependent students, a parent each need a StudentAid.gov account. The form uses tax information from two years before the school year.</li>' +
      '<li>The result is your Student Aid Index (SAI), which colleges use to build your aid offer.</li>' +
      '<li>File it again every year you are in school.</li>' +
      '</ul>' +
      '<p>Some private colleges also ask for the CSS Profile, a separate form.</p>',
  },
  {
    question: 'How do I explain a low GPA in an application?',
    answer:
      '<p>Many committees look at the whole person. If there is a real reason, explain it briefly and honestly; then spend most of your words on what you did next.</p>' +
      '<ul>' +
      '<li><strong>Be factual, not defensive:</strong> an illness, a family responsibility, working long hours or a difficult move are reasons, not excuses.</li>' +
      '<li><strong>Show the trend:</strong> better grades in recent terms or in the courses that matter for your field of study speak louder than an explanation.</li>' +
      '<li><strong>Use the right place:</strong> an “additional information” section, or one short paragraph, rather than the whole essay.</li>' +
      '<li><strong>Let others help:</strong> a recommender can mention your growth and what you carried outside school.</li>' +
      '<li><strong>Check the minimum:</strong> if a scholarship requires a GPA you do not have, put your time into the ones you qualify for.</li>' +
      '</ul>',
  },
  {
    question: 'How do I keep (renew) a scholarship after I win it?',
    answer:
      '<p>Many awards are paid for more than one year, but only while you meet their terms. Read the award letter and note:</p>' +
      '<ul>' +
      '<li><strong>Academic conditions:</strong> a minimum GPA, full-time enrollment (often 12 credits a term) or a required field of study.</li>' +
      '<li><strong>What you must send:</strong> a renewal application, a transcript, a progress report or a thank-you letter to the donor, and by when.</li>' +
      '<li><strong>Your FAFSA</strong> every year, if the award is need-based.</li>' +
      '<li><strong>Changes you must report:</strong> transferring, changing your major, or studying part-time.</li>' +
      '</ul>' +
      '<p>Tell your college’s financial aid office about every outside scholarship: it may adjust your other aid. If you are at risk of missing a condition, contact the sponsor early; some allow a probation term.</p>',
  },
];

export class CreateAssistanceQuestions1795326681666 implements MigrationInterface {
  name = 'CreateAssistanceQuestions1795326681666';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assistance_questions (
        id       serial  PRIMARY KEY,
        question text    NOT NULL,
        answer   text    NOT NULL,
        position integer NOT NULL DEFAULT 0
      )`);
    for (const [index, { question, answer }] of QUESTIONS.entries()) {
      await queryRunner.query(`INSERT INTO assistance_questions (question, answer, position) VALUES ($1, $2, $3)`, [question, answer, (index + 1) * 10]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE assistance_questions`);
  }
}
