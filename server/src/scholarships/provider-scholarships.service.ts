import { Injectable } from '@nestjs/common';
import { parseIsoDate, ruleProblems, todayIso, type EligibilityRule, type FieldDefinition, type Requirement } from '@scholarmatch/schemas';
import { sanitizeRichText } from '@scholarmatch/schemas/html';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { FormsService } from '../forms/forms.service.js';
import type { CreateScholarshipDto, ProviderScholarshipDto, RequirementInputDto, UpdateScholarshipDto } from './dto/provider-scholarship.dto.js';
import { type ScholarshipEntity, totalAmountOf } from './scholarship.entity.js';
import { ScholarshipsRepository } from './scholarships.repository.js';

/** 'Personal essay' -> 'personalEssay': a requirement's answer key when the provider gives none. */
function keyFromTitle(title: string): string {
  const words = title.normalize('NFKD').replace(/[^A-Za-z0-9 ]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const key = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('');
  return /^[A-Za-z]/.test(key) ? key.slice(0, 64) : `requirement${key}`.slice(0, 64);
}

export function toProviderScholarship(s: ScholarshipEntity): ProviderScholarshipDto {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    amounts: s.amounts,
    award: s.award,
    totalAmount: totalAmountOf(s),
    recurrenceConfig: s.recurrenceConfig,
    status: s.status,
    criteria: s.criteria,
    requirements: s.requirements,
    publishedAt: s.publishedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * A provider's own scholarships: create, edit, publish, close. Criteria are checked against the
 * field vocabulary (an unknown field or an operator its type does not allow is a 400 with a
 * description); another provider's scholarship is answered as not found.
 */
@Injectable()
export class ProviderScholarshipsService {
  constructor(
    private readonly scholarships: ScholarshipsRepository,
    private readonly forms: FormsService,
  ) {}

  async list(caller: Caller): Promise<ProviderScholarshipDto[]> {
    const rows = await this.scholarships.findByProvider(caller.id);
    return rows.map(toProviderScholarship);
  }

  async get(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    return toProviderScholarship(await this.own(caller, id));
  }

  async create(caller: Caller, body: CreateScholarshipDto): Promise<ProviderScholarshipDto> {
    const row = this.scholarships.build({ providerId: caller.id, status: 'draft', amounts: [], award: null, recurrenceConfig: {}, criteria: [], requirements: [] });
    await this.apply(row, body);
    return toProviderScholarship(await this.scholarships.save(row));
  }

  async update(caller: Caller, id: string, body: UpdateScholarshipDto): Promise<ProviderScholarshipDto> {
    const row = await this.own(caller, id);
    if (row.status === 'closed') {
      throw new ApiError(409, 'This scholarship is closed and can no longer change.', { errorCode: 'SCHOLARSHIP_CLOSED' });
    }
    await this.apply(row, body);
    return toProviderScholarship(await this.scholarships.save(row));
  }

  async publish(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    const row = await this.own(caller, id);
    if (row.status !== 'draft') throw new ApiError(409, `Only a draft can be published; this one is ${row.status}.`, { errorCode: 'NOT_A_DRAFT' });
    if (!totalAmountOf(row)) throw new ApiError(400, 'Give the scholarship an amount before publishing it.', { errorCode: 'NO_AMOUNT' });
    if (!row.deadline) throw new ApiError(400, 'Give the scholarship a deadline before publishing it.', { errorCode: 'NO_DEADLINE' });
    if (row.deadline < todayIso()) throw new ApiError(400, 'The deadline has passed; set a later one before publishing.', { errorCode: 'DEADLINE_PASSED' });
    row.status = 'published';
    row.publishedAt = new Date();
    return toProviderScholarship(await this.scholarships.save(row));
  }

  async close(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    const row = await this.own(caller, id);
    if (row.status === 'closed') return toProviderScholarship(row);
    row.status = 'closed';
    return toProviderScholarship(await this.scholarships.save(row));
  }

  /** The caller's scholarship; someone else's is "not found", so ids reveal nothing. */
  private async own(caller: Caller, id: string): Promise<ScholarshipEntity> {
    const row = await this.scholarships.findById(id);
    if (!row || row.providerId !== caller.id) {
      throw new ApiError(404, 'There is no such scholarship among yours.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    }
    return row;
  }

  private async apply(row: ScholarshipEntity, body: UpdateScholarshipDto): Promise<void> {
    if (body.title !== undefined) row.title = body.title.trim();
    if (body.description !== undefined) row.description = sanitizeRichText(body.description);
    if (body.amounts !== undefined) row.amounts = body.amounts;
    if (body.award !== undefined) row.award = body.award;
    if (body.recurrenceConfig !== undefined) {
      const deadline = body.recurrenceConfig.deadline;
      if (deadline !== undefined && !parseIsoDate(deadline)) {
        throw new ApiError(400, 'The deadline is not a real date.', { errors: [{ path: 'recurrenceConfig.deadline', message: 'The deadline is not a real date.' }] });
      }
      row.recurrenceConfig = { repeat: body.recurrenceConfig.repeat ?? 'none', ...(deadline ? { deadline } : {}) };
      row.deadline = deadline ?? null;
    }
    if (body.criteria !== undefined) row.criteria = await this.checkedCriteria(body.criteria);
    if (body.requirements !== undefined) row.requirements = requirementsOf(body.requirements);
  }

  private async checkedCriteria(rules: EligibilityRule[]): Promise<EligibilityRule[]> {
    const fields = new Map<string, FieldDefinition>();
    for (const field of (await this.forms.fieldsById()).values()) {
      if (field.target === 'profile' || field.key === 'dob') fields.set(field.key, field);
    }
    const errors = rules.flatMap((rule, index) =>
      ruleProblems(rule, fields.get(rule.fieldKey)).map((message) => ({ path: `criteria.${index}`, message })),
    );
    if (errors.length) throw new ApiError(400, errors[0].message, { errors, errorCode: 'INVALID_CRITERIA' });
    return rules.map(({ fieldKey, operator, value }) => (value === undefined ? { fieldKey, operator } : { fieldKey, operator, value }));
  }
}

function requirementsOf(inputs: RequirementInputDto[]): Requirement[] {
  const used = new Set<string>();
  return inputs.map((input, index) => {
    let key = input.key ?? keyFromTitle(input.title);
    if (used.has(key)) {
      if (input.key) {
        throw new ApiError(400, `Two requirements use the key '${key}'.`, { errors: [{ path: `requirements.${index}.key`, message: `Two requirements use the key '${key}'.` }] });
      }
      key = `${key}${index + 1}`;
    }
    used.add(key);
    return {
      id: randomUUID(),
      title: input.title.trim(),
      ...(input.description ? { description: input.description.trim() } : {}),
      optional: input.optional ?? false,
      field: { key, name: input.title.trim(), dataType: input.dataType },
    };
  });
}
