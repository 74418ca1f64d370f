/** The public top menu, in the order the product spec lists it. */
export const NAV_LINKS = [
  { label: 'Chatbot', to: '/chatbot' },
  { label: 'Partners', to: '/partners' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Business', to: '/b2b' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
] as const;

export type NavLinkItem = (typeof NAV_LINKS)[number];

/** The manual sign-up page, for links that promise a form (the footer, the pricing page); the top bar's Sign UP opens the chat. */
export const SIGNUP_PATH = '/signup';
