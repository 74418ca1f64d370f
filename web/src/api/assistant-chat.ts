import type { components } from '@scholarmatch/sdk/schema';
import { ApiError } from './api-error';
import { api } from './client';

/** What the dashboard assistant answers from the matcher (docs/chat.md, "Dashboard assistant"). */
export type AssistantType = components['schemas']['AssistantQuestionDto']['scholarship_type'];
export type AssistantAnswer = components['schemas']['AssistantAnswerDto'] & { message?: string };

/** One question to the dashboard assistant; `chatId` continues the chat the first answer opened. */
export async function askAssistant(userId: string, type: AssistantType, question: string, chatId?: string): Promise<AssistantAnswer> {
  const { data, error, response } = await api.POST('/api/v1/scholarships/chats', {
    params: { query: chatId ? { id: chatId } : {} },
    body: { userID: userId, questionAnswer: { scholarship_type: type, question } },
  });
  if (!data) throw new ApiError(error, response.status);
  return { ...data.data, message: data.message };
}
