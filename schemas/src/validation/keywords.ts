import { _, type Ajv, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import ajvErrors from 'ajv-errors';
import * as rules from './keyword-rules.js';

export { monthYearLastYear, type MonthYearRange } from './keyword-rules.js';

type AjvPlugin = (ajv: Ajv) => Ajv;

/**
 * The package path of keyword-rules.ts. Standalone validator code (ajv's `code.source`) cannot
 * carry a function object, so each keyword names the function by where it is imported from; the
 * server bundles that import into the module it serves to the browser.
 */
export const KEYWORD_RULES_MODULE = '@scholarmatch/schemas/keyword-rules';

type RuleName = 'minAge' | 'notAfterToday' | 'monthYearRange' | 'sameAs' | 'maxWords';

/**
 * A keyword that fails when its rule returns false. Written as a `code` keyword (not `validate`)
 * so that it compiles both ways: in this process the generated code calls the function itself; in
 * standalone code it calls `require(KEYWORD_RULES_MODULE)[rule]`. The rule gets the keyword's
 * value, the data and the parent object (for `sameAs`).
 */
function ruleKeyword(rule: RuleName, schemaType: 'number' | 'boolean' | 'string' | 'object', metaSchema?: object): CodeKeywordDefinition {
  return {
    keyword: rule,
    type: 'string',
    schemaType,
    ...(metaSchema ? { metaSchema } : {}),
    code(cxt: KeywordCxt) {
      const fn = cxt.gen.scopeValue('func', { ref: rules[rule], code: _`require(${KEYWORD_RULES_MODULE})[${rule}]` });
      cxt.fail(_`!${fn}(${cxt.schemaCode}, ${cxt.data}, ${cxt.it.parentData})`);
    },
  };
}

const MONTH_YEAR_RANGE_META = {
  type: 'object',
  properties: { fromYear: { type: 'integer' }, maxYearsAhead: { type: 'integer', minimum: 0 } },
  required: ['fromYear', 'maxYearsAhead'],
  additionalProperties: false,
};

/**
 * The custom keywords the compiled schemas use (rules in keyword-rules.ts). Server and browser
 * both register them with `addFormKeywords`, so both reach the same verdict with the same words.
 */
export const FORM_KEYWORDS: readonly CodeKeywordDefinition[] = [
  ruleKeyword('minAge', 'number'),
  ruleKeyword('notAfterToday', 'boolean'),
  ruleKeyword('sameAs', 'string'),
  ruleKeyword('maxWords', 'number'),
  ruleKeyword('monthYearRange', 'object', MONTH_YEAR_RANGE_META),
];

/** Registers ajv-errors (messages) and the project's keywords on an Ajv instance (`allErrors` must be on). */
export function addFormKeywords(ajv: Ajv): Ajv {
  for (const definition of FORM_KEYWORDS) ajv.addKeyword(definition);
  // ajv-errors is published as CommonJS; under ESM its default export may arrive wrapped once.
  const module = ajvErrors as unknown as AjvPlugin & { default?: AjvPlugin };
  const plugin = module.default ?? module;
  return plugin(ajv);
}
