import { Injectable, Logger } from '@nestjs/common';
import type { FieldDefinition } from '@scholarmatch/schemas';
import { htmlToText, sanitizeRichText } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { FormsService } from '../forms/forms.service.js';
import { applicantFacts } from './applicant-facts.js';
import { DEFAULT_ESSAY_KIND, type EssayDto, type EssayRequestDto } from './dto/essay.dto.js';
import { type EssayRequest, EssayWriter } from './essay-writer.js';
import { EssaysRepository } from './essays.repository.js';

/** The assistant failed (down, slow, refusing, or nonsense): the caller answers 502 with this. */
export const ESSAY_AI_UNAVAILABLE = 'The essay assistant is not available right now. Please try again later.';

/**
 * Essay help (originally get-essay; docs/applications.md). The server builds the prompt from what it knows (the
 * scholarship, the applicant's profile) plus the applicant's own instruction, and sanitises
 * whatever comes back: the model's output is untrusted.
 */
@Injectable()
export class EssayService {
  private readonly logger = new Logger('EssayService');

  constructor(
    private readonly essays: EssaysRepository,
    private readonly forms: FormsService,
    private readonly writer: EssayWriter,
    private readonly config: AppConfig,
  ) {}

  async write(caller: Caller, body: EssayRequestDto): Promise<EssayDto> {
    const instructions = body.prompt?.trim();
    const request: EssayRequest = {
      kind: body.kind ?? DEFAULT_ESSAY_KIND,
      applicant: await this.applicant(caller.id),
      ...(body.scholarshipId ? { scholarship: await this.scholarship(body.scholarshipId) } : {}),
      ...(instructions ? { instructions } : {}),
    };
    return { content: await this.generate(request), source: this.writer.source };
  }

  /** The writer's HTML, sanitised; any failure, timeout or empty answer is a 502, never a 500. */
  private async generate(request: EssayRequest): Promise<string> {
    let html: string;
    try {
      html = sanitizeRichText(await this.writer.write(request, AbortSignal.timeout(this.config.LLM_TIMEOUT_MS)));
    } catch (error) {
      this.logger.warn(`essay writer failed: ${error instanceof Error ? error.message : String(error)}`);
      throw unavailable();
    }
    if (!htmlToText(html)) {
      this.logger.warn('essay writer answered nothing usable');
      throw unavailable();
    }
    return html;
  }

  private async applicant(userId: string): Promise<EssayRequest['applicant']> {
    const row = await this.essays.findApplicant(userId);
    if (!row) throw notSignedIn();
    const byKey = new Map<string, FieldDefinition>();
    for (const field of (await this.forms.fieldsById()).values()) byKey.set(field.key, field);
    return applicantFacts(row, byKey);
  }

  /** A published or closed scholarship (drafts are the provider's own), its description as text. */
  private async scholarship(id: string): Promise<NonNullable<EssayRequest['scholarship']>> {
    const row = await this.essays.findVisibleScholarship(id);
    if (!row) throw new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    return { title: row.title, description: htmlToText(row.description ?? '') };
  }
}

const unavailable = () => new ApiError(502, ESSAY_AI_UNAVAILABLE, { errorCode: 'ESSAY_AI_FAILED' });
