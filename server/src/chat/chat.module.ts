import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChatController } from './chat.controller.js';
import { ChatSealer } from './chat-sealer.js';
import { ChatSessions } from './chat-sessions.js';
import { ChatSessionsRepository } from './chat-sessions.repository.js';
import { ChatSessionsSweep } from './chat-sessions-sweep.js';
import { FormConversation } from './form-conversation.js';
import { LoginChatService } from './login-chat.service.js';
import { SignUpChatService } from './signup-chat.service.js';

/** Conversations that render served forms (docs/chat.md): chat sign-up and login. */
@Module({
  imports: [FormsModule, UsersModule, ApplicantsModule],
  controllers: [ChatController],
  providers: [ChatSessionsRepository, ChatSessions, ChatSealer, ChatSessionsSweep, FormConversation, SignUpChatService, LoginChatService],
})
export class ChatModule {}
