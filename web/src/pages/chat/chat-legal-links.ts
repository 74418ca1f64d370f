import { SWEEPSTAKES_RULES_ANCHOR } from '../public/site-page';

/** A page a question refers to, opened in a new tab so the conversation stays where it is. */
export interface ChatLink {
  label: string;
  href: string;
}

/**
 * The sign-up's consent ('I agree to the Terms of Use, the Privacy Policy and the Official
 * Scholarship Rules') names three documents: the chat links each, as the sign-up page does.
 * Keyed by the field's key, the same key the manual sign-up form's consent has.
 */
const LINKS_BY_ANSWER_KEY: Record<string, ChatLink[]> = {
  acceptTerms: [
    { label: 'Terms of Use', href: '/terms' },
    { label: 'Privacy Policy', href: '/privacy' },
    { label: 'Official Scholarship Rules', href: `/terms#${SWEEPSTAKES_RULES_ANCHOR}` },
  ],
};

export function linksOfQuestion(answerKey: string): ChatLink[] | undefined {
  return LINKS_BY_ANSWER_KEY[answerKey];
}
