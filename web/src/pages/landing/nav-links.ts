import { BUSINESS_URL } from './external-links';

/** The public top menu, in the order the product spec lists it. Business is the external brand site. */
export const NAV_LINKS = [
  { label: 'Chatbot', to: '/chatbot' },
  { label: 'Partners', to: '/partners' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Business', href: BUSINESS_URL },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
] as const;

export type NavLinkItem = (typeof NAV_LINKS)[number];

/**
 * Where Sign UP goes. The spec sends Login and Sign UP to the chat assistant; until it is built,
 * Login opens the login modal and Sign UP the manual sign-up page (docs/decisions.md).
 */
export const SIGNUP_PATH = '/signup';
