import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { FormsModule } from '../forms/forms.module.js';
import { AssistanceController } from './assistance.controller.js';
import { AssistanceRepository } from './assistance.repository.js';
import { AssistanceService } from './assistance.service.js';
import { EssayRequestLimit } from './essay-request-limit.js';
import { EssayService } from './essay.service.js';
import { EssayWriter } from './essay-writer.js';
import { EssaysController } from './essays.controller.js';
import { EssaysRepository } from './essays.repository.js';
import { OfflineEssayWriter } from './offline-essay-writer.js';
import { OpenAiCompatibleEssayWriter } from './openai-compatible-essay-writer.js';

/** Essay help (an AI model when LLM_BASE_URL is set, else the offline generator) and the assistance questions. */
@Module({
  imports: [FormsModule],
  controllers: [AssistanceController, EssaysController],
  providers: [
    AssistanceRepository,
    EssaysRepository,
    EssayService,
    EssayRequestLimit,
    AssistanceService,
    {
      provide: EssayWriter,
      inject: [AppConfig],
      useFactory: (config: AppConfig): EssayWriter =>
        config.LLM_BASE_URL
          ? new OpenAiCompatibleEssayWriter({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL })
          : new OfflineEssayWriter(),
    },
  ],
  exports: [EssayWriter],
})
export class EssaysModule {}
