/**
 * The browser and the server must reach the same verdict, in the same words, on the same answers.
 * The real profile forms are compiled from the seeded field definitions; generated answers (valid,
 * invalid, blank, wrong types) go through RJSF's validator, configured as the server configures
 * the precompiled modules the browser imports, and through the server's FormValidator, and both
 * must report the same messages on the same fields. (server/test/validator-modules.spec.ts checks
 * the served modules themselves against the server.)
 */
import { describe, expect, it } from 'vitest';
import { compileForm, fieldsOfForm, FormValidator, prepareAnswers, type FieldDefinition } from '@scholarmatch/schemas';
import fc from 'fast-check';
import { PROFILE_FIELDS, PROFILE_FORMS } from '../../../migrations/data/profile-fields';
import { transformErrors } from '../../src/forms/transform-errors';
import { runtimeValidator as browserValidator } from '../runtime-validator';

const FIELDS: FieldDefinition[] = PROFILE_FIELDS.map((field, index) => ({ id: index + 1, ...field }));

/** Answers a person or a hand-made request could send for one field. */
function answersFor(field: FieldDefinition): fc.Arbitrary<unknown> {
  const options = (field.options ?? []).map((o) => o.value);
  const anything = fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
  const byType: Partial<Record<FieldDefinition['dataType'], fc.Arbitrary<unknown>>> = {
    select: options.length ? fc.constantFrom(...options) : anything,
    multiSelect: fc.array(fc.constantFrom(...(options.length ? options : ['x'])), { maxLength: 3 }),
    date: fc.oneof(fc.constantFrom('2000-02-29', '2015-06-01', '2999-01-01', '1990-13-01'), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
    monthYear: fc.constantFrom('2020-05', '2020-', '-05', '1980-01', '2199-12', '2020-13'),
    grade: fc.record({
      markingSystem: fc.constantFrom('Percentage', '10CGPA', 'GPA', 'Letter'),
      grade: fc.oneof(fc.double({ min: -5, max: 120, noNaN: true }), fc.constant('A')),
    }),
    phone: fc.constantFrom('+12025550143', '+1202555abc', '12025550143', '+1'),
    email: fc.constantFrom('ada@example.org', 'not-an-email', ''),
    zip: fc.constantFrom('10001', '10001-1234', '1000', 'abcde'),
    checkbox: fc.boolean(),
  };
  return fc.oneof({ weight: 3, arbitrary: byType[field.dataType] ?? anything }, { weight: 1, arbitrary: anything });
}

function answersForForm(fields: FieldDefinition[]): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) record[field.key] = answersFor(field);
  return fc.record(record, { requiredKeys: [] });
}

const asSet = (items: Array<{ path: string; message: string }>) => [...new Set(items.map((e) => `${e.path} :: ${e.message}`))].sort();

describe('browser and server validation agree', () => {
  const server = new FormValidator();

  it.each(PROFILE_FORMS.map((form) => [form.key, form] as const))('on %s', (_key, layout) => {
    const form = compileForm(layout, FIELDS);
    const fields = fieldsOfForm(layout, FIELDS);
    fc.assert(
      fc.property(answersForForm(fields), (raw) => {
        const answers = prepareAnswers(fields, raw);
        const serverErrors = server.validate(form.key, form.schema, answers);
        const { errors } = browserValidator.validateFormData(answers, form.schema as never, undefined, transformErrors);
        const browserErrors = errors.map((e) => ({ path: (e.property ?? '').replace(/^\./, ''), message: e.message ?? '' }));
        expect(asSet(browserErrors)).toEqual(asSet(serverErrors));
      }),
      { numRuns: 150 },
    );
  });
});
