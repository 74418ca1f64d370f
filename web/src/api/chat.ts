import type { components } from '@scholarmatch/sdk/schema';
import { ApiError } from './api-error';
import { api } from './client';

export type ChatQuestion = components['schemas']['ChatQuestionDto'];
export type ChatTurn = components['schemas']['ChatTurnDto'];
export type ChatTurnData = components['schemas']['ChatTurnDataDto'];
export type ChatSummaryRow = components['schemas']['ChatSummaryRowDto'];
/** Which conversation: the sign-up chat or the login chat (docs/chat.md). */
export type ChatFlow = 'signUp' | 'login';

/** A conversation the server opened: its id, and the token only its holder has. */
export interface ChatHandle {
  id: string;
  token: string;
}

/** The questions of a chat, made by the server from its served forms. */
export async function fetchChatQuestions(flow: ChatFlow): Promise<ChatQuestion[]> {
  const { data, error, response } = await api.GET('/api/v1/questions', { params: { query: { questionType: flow } } });
  if (!data) throw new ApiError(error, response.status);
  return data.data;
}

/**
 * One turn of a chat. Without `chat`, the turn opens a new one (its handle comes back in the
 * answer's `_id` and `chatToken`).
 */
export async function sendChatTurn(flow: ChatFlow, chat: ChatHandle | undefined, turn: ChatTurn): Promise<ChatTurnData> {
  const params = { query: chat ? { id: chat.id } : {}, header: chat ? { 'x-chat-token': chat.token } : {} };
  const { data, error, response } =
    flow === 'signUp'
      ? await api.POST('/api/v1/signup/chats', { params, body: turn })
      : await api.POST('/api/v1/login/chats', { params, body: turn });
  if (!data) throw new ApiError(error, response.status);
  return data.data;
}
