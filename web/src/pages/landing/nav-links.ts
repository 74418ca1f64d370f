/** The public menu. Sections of the landing page are anchors; the chatbot is its own page. */
export const NAV_LINKS = [
  { label: 'Chatbot', to: '/chatbot' },
  { label: 'Partners', href: '#partners' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'About Us', href: '#about' },
  { label: 'FAQ', href: '#faq' },
  { label: 'Contact', href: '#contact' },
] as const;
