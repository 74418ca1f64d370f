import { Injectable } from '@nestjs/common';
import {
  compileForm,
  fieldsOfForm,
  FormValidator,
  pruneHiddenValues,
  type CompiledForm,
  type FieldDefinition,
  type FieldError,
} from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';

/** A compiled form ready to serve: its JSON body is built once per version, not per request. */
export interface ServedForm {
  compiled: CompiledForm;
  fields: FieldDefinition[];
  etag: string;
  /** The JSON response, encoded once. */
  body: Buffer;
}

interface Snapshot {
  forms: Map<string, ServedForm>;
  fields: FieldDefinition[];
  formFieldsBody: Buffer;
}

/** The seed's field-definition shape: options as a map of value to label. */
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
   * Checks answers exactly as the browser does (same compiled schema, same ajv plugins), after
   * dropping answers to hidden or unknown fields.
   */
  async validate(key: string, data: Record<string, unknown>): Promise<{ version: string; errors: FieldError[] }> {
    const form = await this.getForm(key);
    const answers = pruneHiddenValues(form.fields, data);
    const { version, schema } = form.compiled;
    return { version, errors: this.validator.validate(`${key}@${version}`, schema, answers) };
  }

  /** `{ statusCode, data: [...] }` of the active applicant profile fields, pre-serialised. */
  async formFieldsBody(): Promise<Buffer> {
    return (await this.load()).formFieldsBody;
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
    const { fields, forms } = await this.definitions.loadAll();
    const served = new Map<string, ServedForm>();
    for (const layout of forms) {
      const compiled = compileForm(layout, fields);
      served.set(layout.key, {
        compiled,
        fields: fieldsOfForm(layout, fields),
        etag: `"${compiled.version}"`,
        body: Buffer.from(JSON.stringify({ statusCode: 200, data: compiled })),
      });
    }
    const profileFields = fields.filter((f) => f.active !== false && f.target === 'profile').map(toPublicField);
    return { forms: served, fields, formFieldsBody: Buffer.from(JSON.stringify({ statusCode: 200, data: profileFields })) };
  }
}
