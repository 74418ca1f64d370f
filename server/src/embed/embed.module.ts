import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { EmbedCardController } from './embed-card.controller.js';
import { EmbedSettingsController } from './embed-settings.controller.js';
import { EmbedRepository } from './embed.repository.js';
import { EmbedService } from './embed.service.js';

/** The sponsor's embeddable scholarship card (docs/embedding.md). */
@Module({
  imports: [FormsModule],
  controllers: [EmbedSettingsController, EmbedCardController],
  providers: [EmbedRepository, EmbedService],
})
export class EmbedModule {}
