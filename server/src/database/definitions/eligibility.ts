import { ANSWER_POLICIES, FIELD_TYPES, SQL_HAS_CONTENT, type AnswerPolicy, type FieldType } from '@scholarmatch/schemas';
import { sqlFunction, type DatabaseDefinition } from './definition.js';

/**
 * The SQL evaluator of eligibility (docs/matching.md, "Rules and their one meaning"): a rule's
 * bounds typed once, an answer typed once, and one inlinable expression that compares them. What
 * a field type does to an answer is not written here but composed from its entry in
 * ANSWER_POLICIES (schemas/src/answers/answer-policy.ts), beside the TypeScript evaluator's rule.
 */

/** `CASE data_type WHEN … END` over the types whose policy has a fragment; `otherwise` for the rest. */
function byDataType(fragmentOf: (policy: AnswerPolicy) => string | undefined, otherwise: string): string {
  const branches = FIELD_TYPES.flatMap((type) => {
    const fragment = fragmentOf(ANSWER_POLICIES[type]);
    return fragment ? [`WHEN '${type}' THEN ${fragment}`] : [];
  });
  return branches.length ? `CASE data_type ${branches.join(' ')} ELSE ${otherwise} END` : otherwise;
}

/** The types whose rules order answers as numbers (the others order them as text). */
function numericTypes(): string {
  const numeric: FieldType[] = FIELD_TYPES.filter((type) => ANSWER_POLICIES[type].eligibility.comparable === 'number');
  return numeric.map((type) => `'${type}'`).join(', ');
}

const VALUE_READERS = [
  sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_texts(value jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(value) = 'array'
              THEN ARRAY(SELECT element #>> '{}' FROM jsonb_array_elements(value) AS element)
              ELSE ARRAY[value #>> '{}'] END
$$`),
  sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_number(value jsonb) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (value #>> '{}')::numeric;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$`),
  sqlFunction(String.raw`
CREATE OR REPLACE FUNCTION eligibility_birth_date(value jsonb) RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(value) <> 'string' OR (value #>> '{}') !~ '^\d{4}-\d{2}-\d{2}$' THEN RETURN NULL; END IF;
  RETURN (value #>> '{}')::date;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$`),
  sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_age_on(born date, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM age(today::timestamp, born::timestamp))::integer
$$`),
  sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_age(value jsonb, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT eligibility_age_on(eligibility_birth_date(value), today)
$$`),
];

/** A rule's value as text, text list, numeric and text bounds, typed once when it is written. */
const RULE_BOUNDS = sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_rule_bounds(rule jsonb,
  OUT operator text, OUT txt text, OUT texts text[], OUT lo_num numeric, OUT hi_num numeric, OUT lo_txt text, OUT hi_txt text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT rule->>'operator',
         CASE WHEN jsonb_typeof(rule->'value') <> 'array' THEN rule->'value' #>> '{}' END,
         CASE WHEN rule->'value' IS NOT NULL THEN eligibility_texts(rule->'value') END,
         CASE WHEN rule->>'operator' IN ('between', 'ageBetween') THEN eligibility_number(rule->'value'->0)
              WHEN rule->>'operator' = 'gte' THEN eligibility_number(rule->'value') END,
         CASE WHEN rule->>'operator' IN ('between', 'ageBetween') THEN eligibility_number(rule->'value'->1)
              WHEN rule->>'operator' = 'lte' THEN eligibility_number(rule->'value') END,
         CASE WHEN rule->>'operator' = 'between' THEN rule->'value'->>0
              WHEN rule->>'operator' = 'gte' THEN rule->'value' #>> '{}' END,
         CASE WHEN rule->>'operator' = 'between' THEN rule->'value'->>1
              WHEN rule->>'operator' = 'lte' THEN rule->'value' #>> '{}' END
$$`);

/** An answer typed once: answered or not, and the value a rule compares (answers/answer-policy.ts). */
const ANSWER_FACTS = sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_answer_facts(answer jsonb, data_type text, today date,
  OUT answered boolean, OUT comparable boolean, OUT txt text, OUT texts text[], OUT num numeric, OUT age integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  a jsonb := answer;
BEGIN
  answered := ${SQL_HAS_CONTENT}
              AND ${byDataType((policy) => policy.sql?.answered, 'true')};
  IF answered THEN
    a := ${byDataType((policy) => policy.sql?.comparableAnswer, 'a')};
  END IF;
  comparable := answered AND a IS NOT NULL;
  IF comparable THEN
    txt := a #>> '{}';
    texts := eligibility_texts(a);
    num := eligibility_number(a);
    age := eligibility_age(a, today);
  END IF;
END $$`);

/** The one meaning of a rule: a plain expression the planner inlines (no call per row). */
const TYPED_VERDICT = sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_typed_verdict(
  operator text, r_txt text, r_texts text[], lo_num numeric, hi_num numeric, lo_txt text, hi_txt text,
  data_type text, answered boolean, comparable boolean, a_txt text, a_texts text[], a_num numeric, a_age integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN data_type IS NULL OR NOT coalesce(answered, false) THEN 'missing'
    WHEN operator = 'exists' THEN 'pass'
    WHEN NOT comparable THEN 'missing'
    WHEN coalesce(CASE operator
      WHEN 'eq' THEN a_txt = r_txt
      WHEN 'neq' THEN a_txt <> r_txt
      WHEN 'in' THEN a_texts && r_texts
      WHEN 'nin' THEN NOT (a_texts && r_texts)
      WHEN 'gte' THEN CASE WHEN data_type IN (${numericTypes()}) THEN a_num >= lo_num ELSE a_txt COLLATE "C" >= lo_txt COLLATE "C" END
      WHEN 'lte' THEN CASE WHEN data_type IN (${numericTypes()}) THEN a_num <= hi_num ELSE a_txt COLLATE "C" <= hi_txt COLLATE "C" END
      WHEN 'between' THEN CASE WHEN data_type IN (${numericTypes()}) THEN a_num >= lo_num AND a_num <= hi_num
                               ELSE a_txt COLLATE "C" >= lo_txt COLLATE "C" AND a_txt COLLATE "C" <= hi_txt COLLATE "C" END
      WHEN 'ageBetween' THEN a_age >= lo_num AND a_age <= hi_num
      ELSE false
    END, false) THEN 'pass'
    ELSE 'fail'
  END
$$`);

/** One rule against one answer, neither typed beforehand (the SQL evaluator's property test, the benchmark). */
const RULE_VERDICT = sqlFunction(`
CREATE OR REPLACE FUNCTION eligibility_rule_verdict(rule jsonb, data_type text, answer jsonb, today date)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT eligibility_typed_verdict(b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt,
                                   data_type, f.answered, f.comparable, f.txt, f.texts, f.num, f.age)
    FROM eligibility_rule_bounds(rule) AS b, eligibility_answer_facts(answer, data_type, today) AS f
$$`);

/** In dependency order: an SQL function's body is checked against the functions it calls. */
export const ELIGIBILITY_DEFINITIONS: DatabaseDefinition[] = [...VALUE_READERS, RULE_BOUNDS, ANSWER_FACTS, TYPED_VERDICT, RULE_VERDICT];
