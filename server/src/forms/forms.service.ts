import { Injectable, Logger } from '@nestjs/common';
import {
  compileForm,
  contentVersion,
  fieldDefinitionProblems,
  fieldsOfForm,
  FormValidator,
  type CompiledForm,
  type FieldDefinition,
  type FieldError,
  type FieldOption,
  type FormLayout,
} from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';
import { keptAnswers } from './answer-intake.js';
import { servedDefinitions } from './form-draft.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { formValidatorUrl } from './standalone-validators.js';

/** A cached JSON response: its body, encoded once, and its ETag. */
export interface VersionedBody {
  etag: string;
  body: Buffer;
}

/** A compiled form ready to serve: its JSON body is built once per version, not per request. */
export interface ServedForm extends VersionedBody {
  compiled: CompiledForm;
  fields: FieldDefinition[];
}

interface Snapshot {
  forms: Map<string, ServedForm>;
  formFields: VersionedBody;
  /** Every usable definition (inactive ones too), by id. */
  fieldsById: Map<number, FieldDefinition>;
}

/** The original field-definition shape: options as a map of value to label. */
export interface PublicFieldDefinition {
  id: number;
  key: string;
  name: string;
  dataType: string;
  options: Record<string, string>;
}

function toPublicField(field: FieldDefinition): PublicFieldDefinition {
  return {
    id: field.id,
    key: field.key,
    name: field.name,
    dataType: field.dataType,
    options: Object.fromEntries((field.options ?? []).map((o) => [o.value, o.label])),
  };
}

/**
 * Compiles every form from the database once and serves the result until a definition changes
 * (FormChangeListener calls `invalidate` on PostgreSQL's notification).
 */
@Injectable()
export class FormsService {
  private readonly logger = new Logger(FormsService.name);
  private snapshot?: Promise<Snapshot>;
  private readonly validator = new FormValidator();

  constructor(private readonly definitions: FormDefinitionsRepository) {}

  invalidate(): void {
    this.snapshot = undefined;
  }

  async getForm(key: string): Promise<ServedForm> {
    const form = (await this.load()).forms.get(key);
    if (!form) throw new ApiError(404, `There is no form named '${key}'.`, { errorCode: 'FORM_NOT_FOUND' });
    return form;
  }

  /**
   * Checks answers exactly as the browser does (same compiled schema, same ajv plugins), after the
   * answer policy (keptAnswers): hidden and unknown fields dropped, derived values recomputed, HTML
   * sanitised, non-answers removed. `answers` is what may be stored.
   */
  async validate(
    key: string,
    data: Record<string, unknown>,
  ): Promise<{ version: string; errors: FieldError[]; answers: Record<string, unknown> }> {
    const form = await this.getForm(key);
    const answers = keptAnswers(form.fields, data);
    const { version, schema } = form.compiled;
    return { version, errors: this.validator.validate(`${key}@${version}`, schema, answers), answers };
  }

  /**
   * The same check for a draft (a scholarship saved before it is complete): what is given must be
   * valid, nothing is required.
   */
  async validateDraft(
    key: string,
    data: Record<string, unknown>,
  ): Promise<{ version: string; errors: FieldError[]; answers: Record<string, unknown> }> {
    const form = await this.getForm(key);
    const answers = keptAnswers(form.fields, data);
    const { version, schema } = form.compiled;
    const { required: _required, errorMessage: _messages, ...optional } = schema;
    return { version, errors: this.validator.validate(`${key}@${version}:draft`, optional, answers), answers };
  }

  /** Every usable field definition by id, inactive ones included (stored answers may name them). */
  async fieldsById(): Promise<ReadonlyMap<number, FieldDefinition>> {
    return (await this.load()).fieldsById;
  }

  /**
   * The options of a field that match `query` (any case, anywhere in the label; labels starting
   * with it first), or the option whose value is `value`: how long catalogues (schools, colleges)
   * are searched instead of being sent whole with the form.
   */
  async searchOptions(fieldKey: string, query: { q?: string; value?: string; limit: number }): Promise<FieldOption[]> {
    const field = [...(await this.fieldsById()).values()].find((f) => f.key === fieldKey && f.active !== false);
    if (!field) throw new ApiError(404, `There is no field named '${fieldKey}'.`, { errorCode: 'FIELD_NOT_FOUND' });
    const options = field.options ?? [];
    if (query.value !== undefined) return options.filter((option) => option.value === query.value);
    const text = (query.q ?? '').trim().toLocaleLowerCase();
    if (!text) return options.slice(0, query.limit);
    const starts: FieldOption[] = [];
    const contains: FieldOption[] = [];
    for (const option of options) {
      const label = option.label.toLocaleLowerCase();
      if (label.startsWith(text)) starts.push(option);
      else if (label.includes(text)) contains.push(option);
    }
    return [...starts, ...contains].slice(0, query.limit);
  }

  /** `{ statusCode, data: [...] }` of the active applicant profile fields, pre-serialised. */
  async formFields(): Promise<VersionedBody> {
    return (await this.load()).formFields;
  }

  /** A definition that does not fit the vocabulary is left out of every form, not allowed to break them. */
  private isUsable(field: FieldDefinition): boolean {
    const problems = fieldDefinitionProblems(field);
    if (problems.length) this.logger.warn({ field: field.key, problems }, 'field definition left out of the forms');
    return problems.length === 0;
  }

  /** Compiles one form, and its validator now: a form ajv cannot compile is withheld (and logged). */
  private serve(layout: FormLayout, all: FieldDefinition[]): ServedForm | undefined {
    // On a fixed-payload form a field staff added is optional (docs/form-designer.md, "Fixed-payload forms").
    const fields = servedDefinitions(layout.key, all);
    try {
      const compiled = compileForm(layout, fields);
      this.validator.prepare(`${layout.key}@${compiled.version}`, compiled.schema);
      return {
        compiled,
        fields: fieldsOfForm(layout, fields),
        etag: `"${compiled.version}"`,
        body: Buffer.from(JSON.stringify({ statusCode: 200, data: { ...compiled, validatorUrl: formValidatorUrl(layout.key, compiled.version) } })),
      };
    } catch (error) {
      this.logger.error({ form: layout.key, err: error }, 'form withheld: it does not compile');
      return undefined;
    }
  }

  private load(): Promise<Snapshot> {
    if (!this.snapshot) {
      const loading = this.build();
      this.snapshot = loading;
      // A failed load (e.g. database down) must not be cached: the next request tries again.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  private async build(): Promise<Snapshot> {
    const loaded = await this.definitions.loadAll();
    const fields = loaded.fields.filter((field) => this.isUsable(field));
    const served = new Map<string, ServedForm>();
    for (const layout of loaded.forms) {
      const form = this.serve(layout, fields);
      if (form) served.set(layout.key, form);
    }
    // Validators of versions no longer served go (pinned versions will keep theirs when they exist).
    this.validator.retain(new Set([...served.values()].map((form) => `${form.compiled.key}@${form.compiled.version}`)));
    const profileFields = fields.filter((f) => f.active !== false && f.target === 'profile').map(toPublicField);
    const formFields = {
      etag: `"${contentVersion(profileFields)}"`,
      body: Buffer.from(JSON.stringify({ statusCode: 200, data: profileFields })),
    };
    return { forms: served, formFields, fieldsById: new Map(fields.map((field) => [field.id, field])) };
  }
}
