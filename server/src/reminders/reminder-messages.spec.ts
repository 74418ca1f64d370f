import { deadlineInWords } from '../inbox/inbox-message.js';
import { reminderMessage, whenDue } from './reminder-messages.js';

const due = { userId: 'u', scholarshipId: '5b0d', firstName: 'Ada & <b>', title: 'Hopper "Women" <Award>', sponsor: 'R&D <Fund>', deadline: '2026-12-04', daysLeft: 5 };

describe('reminder messages', () => {
  it('writes the deadline out with its weekday, in UTC', () => {
    expect(deadlineInWords('2026-12-04')).toBe('Friday, 4 December 2026');
    expect(deadlineInWords('2027-01-01')).toBe('Friday, 1 January 2027');
    expect(deadlineInWords('2028-02-29')).toBe('Tuesday, 29 February 2028');
  });

  it('says when: today, tomorrow, or in so many days', () => {
    expect([0, 1, 2, 7].map(whenDue)).toEqual(['today', 'tomorrow', 'in 2 days', 'in 7 days']);
  });

  it('escapes every value it places in HTML, keeps the subject as plain text, and links to the scholarship', () => {
    const message = reminderMessage('deadline-7-days', due, 'https://app.example.com');
    expect(message).toMatchObject({ kind: 'deadline-reminder', scholarshipId: '5b0d', subject: 'Your application to Hopper "Women" <Award> is due in 5 days' });
    expect(message.html).toContain('Hi Ada &amp; &lt;b&gt;,');
    expect(message.html).toContain('<strong>Hopper &quot;Women&quot; &lt;Award&gt;</strong> from R&amp;D &lt;Fund&gt;');
    expect(message.html).toContain('<a href="https://app.example.com/auth/scholarshipDetail?5b0d">');
    expect(message.html).toContain('<strong>Friday, 4 December 2026</strong>, 5 days from now');
  });

  it('stores the two deadline reminders and the closing-soon one under their inbox kinds', () => {
    expect(reminderMessage('deadline-1-day', { ...due, daysLeft: 0 }, '')).toMatchObject({ kind: 'deadline-reminder', subject: 'Your application to Hopper "Women" <Award> is due today' });
    expect(reminderMessage('closing-soon', { ...due, daysLeft: 3 }, '')).toMatchObject({ kind: 'closing-soon', subject: 'Hopper "Women" <Award>, which you saved, closes in 3 days' });
  });
});
