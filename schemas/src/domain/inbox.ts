/** The longest inbox search the server takes (docs/inbox.md); the search box stops there too. */
export const INBOX_SEARCH_MAX_LENGTH = 200;
