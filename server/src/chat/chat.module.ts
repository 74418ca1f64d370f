import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { UsersModule } from '../users/users.module.js';
import { AssistantChatController } from './assistant-chat.controller.js';
import { AssistantChatService } from './assistant-chat.service.js';
import { ChatController } from './chat.controller.js';
import { ChatSealer } from './chat-sealer.js';
import { ChatSessions } from './chat-sessions.js';
import { ChatSessionsRepository } from './chat-sessions.repository.js';
import { ChatSessionsSweep } from './chat-sessions-sweep.js';
import { FormConversation } from './form-conversation.js';
import { LoginChatService } from './login-chat.service.js';
import { SignUpChatService } from './signup-chat.service.js';

/** Conversations (docs/chat.md): chat sign-up and login, which render served forms, and the dashboard assistant. */
@Module({
  imports: [FormsModule, UsersModule, ApplicantsModule, ScholarshipsModule],
  controllers: [ChatController, AssistantChatController],
  providers: [ChatSessionsRepository, ChatSessions, ChatSealer, ChatSessionsSweep, FormConversation, SignUpChatService, LoginChatService, AssistantChatService],
})
export class ChatModule {}
