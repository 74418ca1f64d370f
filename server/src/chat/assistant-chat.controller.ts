import { Body, Controller, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { SEED_ADDRESS } from '../common/addresses.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { AssistantChatService } from './assistant-chat.service.js';
import { AssistantAnswerResponseDto, AssistantChatDto } from './dto/assistant-chat.dto.js';
import { ChatIdQueryDto } from './dto/chat-turn.dto.js';
import { OperationId } from '../common/operation-id.js';

/** The dashboard assistant (docs/chat.md, "Dashboard assistant"). */
@ApiTags('chat')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller()
export class AssistantChatController {
  constructor(private readonly assistant: AssistantChatService) {}

  @Post(['scholarships/chats', SEED_ADDRESS.assistantChats])
  @ApiOperation({
    summary: "Asks the dashboard assistant for scholarships (applicants): the original client's { userID, questionAnswer: { scholarship_type, question } }",
    description:
      'The first question opens a chat (its chat_id); later ones send ?id=. Anyone else\'s chat, or an expired one: 404 CHAT_NOT_FOUND; userID other than the caller: 403. ' +
      "Before the registration is done, profileComplete is false and data empty. No match: data empty and the message 'Oops!! No Scholarship Found. Select from the other options.'",
  })
  @ApiCreatedResponse({ type: AssistantAnswerResponseDto })
  @OperationId('askAssistant')
  async ask(@CurrentUser() caller: Caller, @Query() query: ChatIdQueryDto, @Body() body: AssistantChatDto) {
    const { chatId, result } = await this.assistant.ask(caller, query.id, body);
    return { statusCode: 201, message: result.message, data: { chat_id: chatId, data: result.scholarships, profileComplete: result.profileComplete } };
  }
}
