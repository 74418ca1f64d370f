/**
 * Sites outside this app, kept here so each address is configured in one place. Both are
 * placeholders until the real addresses are known.
 */
export const BUSINESS_URL = 'https://business.example.com';

export const SOCIAL_LINK = { label: 'Follow us', href: 'https://social.example.com' } as const;
