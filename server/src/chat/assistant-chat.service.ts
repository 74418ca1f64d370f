import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import type { EligibleScholarshipDto } from '../scholarships/dto/eligible-scholarships.dto.js';
import { EligibleScholarshipsService } from '../scholarships/eligible-scholarships.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { ChatSessions, type ChatTurnOutcome } from './chat-sessions.js';
import type { AssistantChatDto, AssistantType } from './dto/assistant-chat.dto.js';

/** How many scholarships one answer lists; the lists' pages show the rest. */
export const ASSISTANT_LIST_SIZE = 6;

/**
 * The matcher's list behind each of the assistant's options (the dashboard lists' filters): the
 * essay-only one is the scholarships whose single requirement is the essay (key `essay`, as the
 * CV-only list's is `cv`).
 */
const LIST_OF: Record<AssistantType, { withoutRequirement: boolean; requirementFields?: string }> = {
  recommendation: { withoutRequirement: false },
  easy_apply: { withoutRequirement: true },
  essay_only: { withoutRequirement: false, requirementFields: 'essay' },
};

export interface AssistantAnswer {
  message: string;
  scholarships: EligibleScholarshipDto[];
  profileComplete: boolean;
}

/**
 * The dashboard assistant (docs/chat.md, "Dashboard assistant"): each question is one of the
 * matcher's lists, answered in a chat owned by the signed-in applicant. Before the registration is
 * done it answers nothing and says so; the browser then shows the registration form.
 */
@Injectable()
export class AssistantChatService {
  constructor(
    private readonly chats: ChatSessions,
    private readonly users: UsersRepository,
    private readonly scholarships: EligibleScholarshipsService,
  ) {}

  ask(caller: Caller, chatId: string | undefined, body: AssistantChatDto): Promise<ChatTurnOutcome<AssistantAnswer>> {
    if (body.userID !== caller.id) throw new ApiError(403, 'You can only ask the assistant for yourself.', { errorCode: 'NOT_OWNER' });
    return this.chats.turn('assistant', chatId, { userId: caller.id }, async (state) => {
      const user = await this.users.findById(caller.id);
      if (!user) throw notSignedIn();
      const type = body.questionAnswer.scholarship_type;
      state.answers = { ...state.answers, lastQuestion: body.questionAnswer.question, lastType: type };
      if (!user.isProfileUpdate) {
        return { message: 'Please complete your signup details first, so I can find the scholarships you can apply to.', scholarships: [], profileComplete: false };
      }
      const scholarships = await this.scholarships.list(caller, { ...LIST_OF[type], orderBy: 'createdAt', order: 'DESC', offset: 0, limit: ASSISTANT_LIST_SIZE });
      const message = scholarships.length ? `Here ${scholarships.length === 1 ? 'is a scholarship' : 'are scholarships'} you can apply to.` : MESSAGES.noScholarshipFound;
      return { message, scholarships, profileComplete: true };
    });
  }
}
