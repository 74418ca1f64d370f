import type { ChatFlow } from '../../api/chat';

/** /chatbot's address: `?start=login` or `?start=signUp` opens that flow (the top bar's Login and Sign UP). */
export interface ChatbotSearch {
  start?: ChatFlow;
}

export function validateChatbotSearch(search: Record<string, unknown>): ChatbotSearch {
  return search.start === 'login' || search.start === 'signUp' ? { start: search.start } : {};
}
