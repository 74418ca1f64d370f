import { Injectable } from '@nestjs/common';
import type { FieldOption } from '@scholarmatch/schemas';
import type { AuditActor } from '../audit/audit-entry.js';
import { ApiError } from '../common/error-body.js';
import { AdminFieldsService } from './admin-fields.service.js';
import type { DraftState } from './form-draft.js';

export interface DraftOption extends FieldOption {
  draft: DraftState;
}

/**
 * A field's options as drafted, one at a time: how staff edit the long catalogues (countries,
 * schools, majors, careers) without sending thousands of options back and forth. Each edit is a
 * drafted change of the field's options (AdminFieldsService.update: checked, audited), published
 * with the rest of the draft. Removing an option keeps the answers that hold it.
 */
@Injectable()
export class CatalogueOptionsService {
  constructor(private readonly fields: AdminFieldsService) {}

  /** Options whose label or value contains `q` (any case), the drafted order, removed ones last. */
  async list(id: number, q: string | undefined, page: number, limit: number): Promise<{ items: DraftOption[]; total: number }> {
    const field = await this.fields.field(id);
    const published = id > 0 && field.draft !== 'added' ? await this.publishedOptions(id) : [];
    const before = new Map(published.map((option) => [option.value, option.label]));
    const current = field.options ?? [];
    const values = new Set(current.map((option) => option.value));
    const all: DraftOption[] = [
      ...current.map((option) => ({ ...option, draft: !before.has(option.value) ? ('added' as const) : before.get(option.value) !== option.label ? ('changed' as const) : null })),
      ...published.filter((option) => !values.has(option.value)).map((option) => ({ ...option, draft: 'removed' as const })),
    ];
    const text = (q ?? '').trim().toLocaleLowerCase();
    const kept = text ? all.filter((option) => option.label.toLocaleLowerCase().includes(text) || option.value.toLocaleLowerCase().includes(text)) : all;
    return { items: kept.slice((page - 1) * limit, page * limit), total: kept.length };
  }

  async add(id: number, option: FieldOption, actor: AuditActor): Promise<DraftOption> {
    const options = (await this.fields.field(id)).options ?? [];
    if (options.some((existing) => existing.value === option.value)) {
      throw new ApiError(409, `The field has an option '${option.value}' already.`, { errorCode: 'OPTION_EXISTS', errors: [{ path: 'value', message: 'This value is taken.' }] });
    }
    await this.fields.update(id, { options: [...options, option] }, actor);
    return this.one(id, option.value);
  }

  async relabel(id: number, value: string, label: string, actor: AuditActor): Promise<DraftOption> {
    const options = await this.existing(id, value);
    await this.fields.update(id, { options: options.map((option) => (option.value === value ? { value, label } : option)) }, actor);
    return this.one(id, value);
  }

  async remove(id: number, value: string, actor: AuditActor): Promise<DraftOption> {
    const options = await this.existing(id, value);
    await this.fields.update(id, { options: options.filter((option) => option.value !== value) }, actor);
    return (await this.list(id, undefined, 1, Number.MAX_SAFE_INTEGER)).items.find((option) => option.value === value) ?? { ...options.find((o) => o.value === value)!, draft: null };
  }

  private async existing(id: number, value: string): Promise<FieldOption[]> {
    const options = (await this.fields.field(id)).options ?? [];
    if (!options.some((option) => option.value === value)) {
      throw new ApiError(404, `The field has no option '${value}'.`, { errorCode: 'OPTION_NOT_FOUND' });
    }
    return options;
  }

  private async one(id: number, value: string): Promise<DraftOption> {
    return (await this.list(id, undefined, 1, Number.MAX_SAFE_INTEGER)).items.find((option) => option.value === value)!;
  }

  private async publishedOptions(id: number): Promise<FieldOption[]> {
    return (await this.fields.published(id))?.options ?? [];
  }
}
