import { describe, expect, it } from 'vitest';
import { compileForm, type FieldDefinition } from '@scholarmatch/schemas';
import { conditionValidator } from '../../src/forms/condition-validator';

const field = (key: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ id: 1, key, name: key, dataType: 'text', section: 's', order: 1, target: 'profile', ...extra });

describe('the preview validator', () => {
  it("meets a compiled condition only when the controlling field holds one of its values, and reports no errors", () => {
    const compiled = compileForm({ key: 'f', title: 'F', sections: ['s'] }, [
      field('enrolled', { dataType: 'select', options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }] }),
      field('college', { order: 2, visibleWhen: { fieldKey: 'enrolled', in: ['1'] }, validation: { required: true } }),
    ]);
    const condition = (compiled.schema.allOf as { if: object }[])[0].if;
    expect(conditionValidator.isValid(condition as never, { enrolled: '1' }, compiled.schema as never)).toBe(true);
    expect(conditionValidator.isValid(condition as never, { enrolled: '0' }, compiled.schema as never)).toBe(false);
    expect(conditionValidator.isValid(condition as never, {}, compiled.schema as never)).toBe(false);
    expect(conditionValidator.validateFormData({}, compiled.schema as never).errors).toEqual([]);
  });
});
