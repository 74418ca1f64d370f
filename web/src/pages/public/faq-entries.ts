/** The FAQ's questions. Every answer restates a fact of the product spec; none promises an outcome. */
export const FAQ_ENTRIES = [
  {
    question: 'Is ScholarMatch free for students?',
    answer:
      'Yes. Creating your profile, seeing the scholarships you match and applying to them is free for students. A paid membership is optional.',
  },
  {
    question: 'What does the paid membership add?',
    answer:
      'Easy Apply: our application engine fills in and sends applications to the scholarships you are matched with, on your behalf. It comes as a Monthly, Quarterly or Yearly plan, priced in US dollars per month plus taxes.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      'Yes. Every membership plan starts with a 7-day free trial, so you can see how Easy Apply works before you pay.',
  },
  {
    question: 'Can I cancel my membership?',
    answer:
      'Yes, at any time, from the subscription plan page in your account. After you cancel, your membership benefits last until your next billing date.',
  },
  {
    question: 'Does upgrading improve my chances of winning?',
    answer:
      'No. A membership saves you time by applying for you; it plays no part in how a provider chooses its winners.',
  },
  {
    question: 'Is financial aid guaranteed?',
    answer:
      'No. Every scholarship is awarded by its own provider under its own rules. We help you find the scholarships you qualify for and apply to them.',
  },
  {
    question: 'Do I fill in a new application for every scholarship?',
    answer:
      'No. You build your profile once and it is reused for every scholarship you apply to. Some providers ask a few extra questions or an essay on top.',
  },
  {
    question: 'Can a parent sign up?',
    answer:
      'Yes. At registration you can say whether you are a student or a parent applying on behalf of a student. You must be over 16 to use the service.',
  },
  {
    question: 'What is the scholarship sweepstakes?',
    answer:
      'Completing the free registration enters you into our scholarship sweepstakes automatically. Its official rules are part of our Terms of use.',
  },
  {
    question: 'How quickly does support reply?',
    answer:
      'Usually within 24 hours. Phone support and customer service are open Monday to Friday, 11 a.m. to 6 p.m. EST.',
  },
] as const;
