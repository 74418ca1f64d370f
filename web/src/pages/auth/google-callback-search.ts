/** What Google sends the browser back to /auth/google/callback with. */
export interface GoogleCallbackSearch {
  code?: string;
  state?: string;
}

export function validateGoogleCallbackSearch(search: Record<string, unknown>): GoogleCallbackSearch {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return { code: text(search.code), state: text(search.state) };
}
