import { Injectable } from '@nestjs/common';
import { criterionFieldChoice, type CriterionFieldChoice, type EligibilityRule, type FieldDefinition, type RequirementDraft } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { RequirementForms } from '../applications/requirement-forms.js';
import { requirementValidatorUrl } from '../forms/standalone-validators.js';
import { FormsService } from '../forms/forms.service.js';
import { EligibilityCounts } from '../matching/eligibility-counts.js';
import { ProviderScholarshipsService } from '../scholarships/provider-scholarships.service.js';
import type { EligibilityCountDto } from './dto/studio.dto.js';

/** The fields a rule may name: the applicant's profile answers and the date of birth. */
function usableInRules(field: FieldDefinition): boolean {
  return field.active !== false && (field.target === 'profile' || field.key === 'dob');
}

/**
 * What the studio's builders need beside the scholarship itself (docs/providers.md): the live
 * preview of the requirement form, the eligibility builder's vocabulary and the live count.
 */
@Injectable()
export class StudioService {
  /** The vocabulary of one set of definitions (a new set is a new map: the cache follows form changes). */
  private readonly vocabularies = new WeakMap<ReadonlyMap<number, FieldDefinition>, CriterionFieldChoice[]>();

  constructor(
    private readonly scholarships: ProviderScholarshipsService,
    private readonly requirementForms: RequirementForms,
    private readonly forms: FormsService,
    private readonly counts: EligibilityCounts,
  ) {}

  /**
   * The requirement form unsaved builder entries make, exactly as applicants would be served it,
   * with its validator (a version is stored like any served one: content-addressed, never changes).
   */
  async preview(caller: Caller, id: string, drafts: RequirementDraft[]) {
    const requirements = await this.scholarships.previewRequirements(caller, id, drafts);
    const { key, version, schema, uiSchema } = await this.requirementForms.current(id, requirements);
    return { key, version, schema, uiSchema, validatorUrl: requirementValidatorUrl(id, version) };
  }

  async vocabulary(): Promise<CriterionFieldChoice[]> {
    const fields = await this.forms.fieldsById();
    let vocabulary = this.vocabularies.get(fields);
    if (!vocabulary) {
      vocabulary = [...fields.values()]
        .filter(usableInRules)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(criterionFieldChoice);
      this.vocabularies.set(fields, vocabulary);
    }
    return vocabulary;
  }

  /** How many applicants unsaved rules make eligible, by the matcher's own SQL. */
  async count(rules: EligibilityRule[]): Promise<EligibilityCountDto> {
    const checked = await this.scholarships.checkRules(rules);
    const result = await this.counts.count(checked);
    const names = new Map([...(await this.forms.fieldsById()).values()].map((field) => [field.key, field.name]));
    return { ...result, missing: result.missing.map((entry) => ({ ...entry, name: names.get(entry.fieldKey) ?? entry.fieldKey })) };
  }
}
