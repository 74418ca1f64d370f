import { Injectable } from '@nestjs/common';
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';
import type { EntityManager } from 'typeorm';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormDesignerRepository } from './form-designer.repository.js';
import { applyDraft, type DraftField, type DraftRow } from './form-draft.js';

/** The published definitions, the form layouts, the draft's rows and the definitions as drafted. */
export interface DesignerSnapshot {
  published: FieldDefinition[];
  forms: FormLayout[];
  drafts: DraftRow[];
  drafted: DraftField[];
}

/**
 * Reads what the designer works on. Every change to the draft or the live fields runs under the
 * designer's lock (FormDesignerRepository.lockPublishing) and reads this inside it, so what it
 * checks is what it writes over.
 */
@Injectable()
export class DesignerState {
  constructor(
    private readonly definitions: FormDefinitionsRepository,
    private readonly designer: FormDesignerRepository,
  ) {}

  async load(tx?: EntityManager): Promise<DesignerSnapshot> {
    const [published, { forms }, drafts] = await Promise.all([this.definitions.loadFields(tx), this.definitions.loadAll(), this.designer.drafts(tx)]);
    return { published, forms, drafts, drafted: applyDraft(published, drafts) };
  }

  /** Runs `work` in one transaction holding the designer's lock. */
  locked<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.definitions.transaction(async (tx) => {
      await this.designer.lockPublishing(tx);
      return work(tx);
    });
  }
}
