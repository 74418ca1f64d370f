/**
 * The benchmark's data at the scale of docs/matching.md: 100,000 published scholarships (from 50 providers) and
 * 100,000 applicants with varied, mostly complete profiles, generated inside PostgreSQL from the
 * real field vocabulary (option values come from `form_fields`, so every rule is one the provider
 * API would accept). Deterministic (`setseed`), idempotent (skips what is already there), and
 * kept apart from the demo data by its e-mail domain.
 *
 * Every bench applicant's password is BENCH_PASSWORD (one argon2id hash computed here).
 */
import pg from 'pg';

export const BENCH_DOMAIN = 'bench.scholarmatch.test';
export const BENCH_PASSWORD = 'BenchApplicant#2026';
export const SCALE = { scholarships: 100_000, applicants: 100_000, providers: 50 };
/**
 * Scholarships the application scenarios apply to (besides the 100,000): open to everyone, with
 * the catalogue's most common requirement form (an essay, an optional portfolio link, a
 * confirmation box). The first takes the drafts; each (applicant, scholarship) pair of the
 * others takes one submission per run.
 */
export const APPLICATION_SCHOLARSHIPS = 101;

/**
 * A random option value of a field, in SQL (`random()` after `setseed`, so repeatable). The
 * subquery names an outer column (`row`) so PostgreSQL runs it per row, not once for all.
 */
const pickOption = (key: string, row = 'n') =>
  `(SELECT options->(floor(random() * jsonb_array_length(options)))::int->>'value' FROM form_fields WHERE key = '${key}' AND ${row} IS NOT NULL)`;
/** A list of `count` random option values, in SQL. */
const pickOptions = (key: string, count: string, row = 'kind') =>
  `(SELECT jsonb_agg(DISTINCT options->(floor(random() * jsonb_array_length(options)))::int->'value') FROM form_fields, generate_series(1, ${count}) WHERE key = '${key}' AND ${row} IS NOT NULL)`;

/** 'YYYY-MM' a number of months from now, in SQL. */
const monthYearFromNow = (months: string) => `to_char(current_date + make_interval(months => ${months}), 'YYYY-MM')`;

const APPLICANTS_SQL = `
  INSERT INTO users (email, password_hash, role, first_name, last_name, applicant_type, is_profile_update, dob, profile)
  SELECT 'applicant' || n || '@${BENCH_DOMAIN}', $1, 'applicant', 'Bench', 'Applicant ' || n, 'STUDENT', true,
         current_date - (16 * 365 + floor(random() * 14 * 365))::int,
         jsonb_strip_nulls(jsonb_build_object(
           'country', CASE WHEN random() < 0.9 THEN 'us' ELSE ${pickOption('country')} END,
           'citizenship', CASE WHEN random() < 0.8 THEN 'us-citizen' ELSE ${pickOption('citizenship')} END,
           'gender', ${pickOption('gender')},
           'ethnicity', CASE WHEN random() < 0.9 THEN ${pickOption('ethnicity')} END,
           'zipCode', lpad((10000 + floor(random() * 89999))::text, 5, '0'),
           'schoolLevel', ${pickOption('schoolLevel')},
           'fieldOfStudy', CASE WHEN random() < 0.85 THEN ${pickOption('fieldOfStudy')} END,
           'degreeType', CASE WHEN random() < 0.8 THEN ${pickOption('degreeType')} END,
           'careerGoal', CASE WHEN random() < 0.7 THEN ${pickOption('careerGoal')} END,
           'militaryAffiliation', CASE WHEN random() < 0.85 THEN 'none' ELSE ${pickOption('militaryAffiliation')} END,
           'isInterestedInOnlineStudy', ${pickOption('isInterestedInOnlineStudy')},
           'enrolledInCollege', ${pickOption('enrolledInCollege')},
           'highSchoolGraduationDate', ${monthYearFromNow('(floor(random() * 96) - 48)::int')},
           'gpa', CASE WHEN random() < 0.9 THEN (SELECT jsonb_build_object('markingSystem', 'GPA', 'grade', g, 'gpa', g)
                                                   FROM (SELECT round((2 + random() * 2)::numeric, 1) AS g) AS x) END))
    FROM generate_series($2::int, $3::int) AS n`;

/** One rule of a kind, in SQL: the kinds scholarships really use, with varied bounds. */
const RULES_SQL = [
  `jsonb_build_object('fieldKey', 'country', 'operator', 'in', 'value', jsonb_build_array('us'))`,
  `jsonb_build_object('fieldKey', 'citizenship', 'operator', 'in', 'value', jsonb_build_array('us-citizen', 'us-national', 'permanent-resident'))`,
  `jsonb_build_object('fieldKey', 'gpa', 'operator', 'gte', 'value', round((2.5 + random() * 1.3)::numeric, 1))`,
  `jsonb_build_object('fieldKey', 'dob', 'operator', 'ageBetween', 'value', jsonb_build_array(16, 18 + floor(random() * 12)::int))`,
  `jsonb_build_object('fieldKey', 'schoolLevel', 'operator', 'in', 'value', ${pickOptions('schoolLevel', '(2 + floor(random() * 5))::int')})`,
  `jsonb_build_object('fieldKey', 'fieldOfStudy', 'operator', 'in', 'value', ${pickOptions('fieldOfStudy', '(3 + floor(random() * 20))::int')})`,
  `jsonb_build_object('fieldKey', 'gender', 'operator', 'eq', 'value', '1')`,
  `jsonb_build_object('fieldKey', 'ethnicity', 'operator', 'in', 'value', ${pickOptions('ethnicity', '(1 + floor(random() * 3))::int')})`,
  `jsonb_build_object('fieldKey', 'militaryAffiliation', 'operator', 'nin', 'value', jsonb_build_array('none'))`,
  `jsonb_build_object('fieldKey', 'isInterestedInOnlineStudy', 'operator', 'in', 'value', jsonb_build_array('1', '3'))`,
  `jsonb_build_object('fieldKey', 'degreeType', 'operator', 'in', 'value', ${pickOptions('degreeType', '(2 + floor(random() * 6))::int')})`,
  `jsonb_build_object('fieldKey', 'careerGoal', 'operator', 'exists')`,
];

/**
 * How often each rule kind (1-based into RULES_SQL) is drawn: most offers target a field of
 * study, a school level or a grade; few only ask for a country.
 */
const RULE_WEIGHTS = [1, 2, 3, 3, 4, 5, 5, 6, 6, 6, 7, 8, 8, 9, 10, 11, 11, 12];

const ESSAY_REQUIREMENTS_SQL = `jsonb_build_array(
    jsonb_build_object('id', gen_random_uuid(), 'title', 'Personal essay', 'optional', false, 'field', jsonb_build_object('key', 'essay', 'name', 'Personal essay', 'dataType', 'editor')),
    jsonb_build_object('id', gen_random_uuid(), 'title', 'Portfolio link', 'optional', true, 'field', jsonb_build_object('key', 'portfolio', 'name', 'Portfolio link', 'dataType', 'link')),
    jsonb_build_object('id', gen_random_uuid(), 'title', 'I confirm the information I give is true', 'optional', false, 'field', jsonb_build_object('key', 'confirmation', 'name', 'Confirmation', 'dataType', 'checkbox')))`;

/** Requirement mixes: none (Easy Apply) for a third, a CV only for a sixth, essays, links, files and checkboxes for the rest. */
const REQUIREMENTS_SQL = `CASE
  WHEN random() < 0.33 THEN '[]'::jsonb
  WHEN random() < 0.25 THEN jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'title', 'CV', 'optional', false, 'field', jsonb_build_object('key', 'cv', 'name', 'CV', 'dataType', 'file')))
  ELSE ${ESSAY_REQUIREMENTS_SQL}
END`;

const SCHOLARSHIPS_SQL = `
  INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements, published_at, created_at)
  SELECT providers.ids[1 + n % ${SCALE.providers}], 'Bench Scholarship ' || n,
         '<p>A benchmark scholarship for students who meet its criteria. It supports tuition, books and living costs for one academic year.</p>',
         CASE WHEN split THEN ARRAY[amount, amount / 2] ELSE '{}'::int[] END, CASE WHEN split THEN NULL ELSE amount END,
         deadline, jsonb_build_object('deadline', to_char(deadline, 'YYYY-MM-DD'), 'repeat', 'yearly'),
         'published', criteria, ${REQUIREMENTS_SQL}, now(), now() - make_interval(secs => n)
    FROM (SELECT n,
                 (ARRAY[500, 1000, 1500, 2000, 2500, 5000, 7500, 10000])[1 + floor(random() * 8)::int] AS amount,
                 random() < 0.3 AS split,
                 current_date + CASE WHEN random() < 0.1 THEN 1 + floor(random() * 13)::int ELSE 15 + floor(random() * 330)::int END AS deadline,
                 -- 2 to 5 draws of rule kinds (distinct), the targeted ones more often; one offer in twenty is open to everyone.
                 CASE WHEN random() < 0.05 THEN '[]'::jsonb ELSE coalesce((SELECT jsonb_agg(rule) FROM (
                   SELECT (ARRAY[${RULES_SQL.join(', ')}])[kind] AS rule
                     FROM (SELECT DISTINCT (ARRAY[${RULE_WEIGHTS.join(', ')}])[1 + floor(random() * ${RULE_WEIGHTS.length})::int] AS kind
                             FROM generate_series(1, 2 + floor(random() * 4)::int + n * 0)) AS kinds) AS rules), '[]'::jsonb) END AS criteria
            FROM generate_series($1::int, $2::int) AS n) AS offer,
         (SELECT ARRAY(SELECT id FROM users WHERE role = 'provider' AND email LIKE '%@${BENCH_DOMAIN}' ORDER BY email) AS ids) AS providers`;

const APPLICATION_SCHOLARSHIPS_SQL = `
  INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements, published_at, created_at)
  SELECT (SELECT id FROM users WHERE email = 'provider0@${BENCH_DOMAIN}'), 'Bench Application Scholarship ' || lpad(n::text, 3, '0'),
         '<p>A benchmark scholarship open to every student, for the application scenarios.</p>',
         '{}'::int[], 1000, deadline, jsonb_build_object('deadline', to_char(deadline, 'YYYY-MM-DD'), 'repeat', 'yearly'),
         'published', '[]'::jsonb, ${ESSAY_REQUIREMENTS_SQL}, now(), now() - interval '1 year'
    FROM generate_series($1::int, ${APPLICATION_SCHOLARSHIPS - 1}) AS n, (SELECT current_date + 5 * 365 AS deadline) AS d`;

async function countOf(client: pg.Client, sql: string): Promise<number> {
  const { rows } = await client.query(sql);
  return Number(rows[0].n);
}

/**
 * Adds whatever part of the scale data is missing. `hash` is the argon2id hash of BENCH_PASSWORD.
 * `scale`: fewer applicants and scholarships for a quick measurement (bench/metrics-cost.ts).
 */
export async function ensureScaleData(
  databaseUrl: string,
  hash: string,
  log: (line: string) => void = console.log,
  scale: { applicants: number; scholarships: number } = SCALE,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT setseed(0.2026)`);
    await client.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name)
       SELECT 'provider' || n || '@${BENCH_DOMAIN}', $1, 'provider', 'Bench Foundation ' || n, 'Provider' FROM generate_series(0, ${SCALE.providers - 1}) AS n
       ON CONFLICT DO NOTHING`,
      [hash],
    );
    const applicants = await countOf(client, `SELECT count(*) AS n FROM users WHERE email LIKE 'applicant%@${BENCH_DOMAIN}'`);
    for (let from = applicants + 1; from <= scale.applicants; from += 10_000) {
      const to = Math.min(scale.applicants, from + 9_999);
      await client.query(APPLICANTS_SQL, [hash, from, to]);
      log(`bench data: applicants ${to} / ${scale.applicants}`);
    }
    const scholarships = await countOf(client, `SELECT count(*) AS n FROM scholarships WHERE title LIKE 'Bench Scholarship %'`);
    for (let from = scholarships + 1; from <= scale.scholarships; from += 10_000) {
      const to = Math.min(scale.scholarships, from + 9_999);
      await client.query(SCHOLARSHIPS_SQL, [from, to]);
      log(`bench data: scholarships ${to} / ${scale.scholarships}`);
    }
    const applicationScholarships = await countOf(client, `SELECT count(*) AS n FROM scholarships WHERE title LIKE 'Bench Application Scholarship %'`);
    if (applicationScholarships < APPLICATION_SCHOLARSHIPS) {
      await client.query(APPLICATION_SCHOLARSHIPS_SQL, [applicationScholarships]);
      log(`bench data: ${APPLICATION_SCHOLARSHIPS} application scholarships`);
    }
    await client.query(`ANALYZE`);
  } finally {
    await client.end();
  }
}
