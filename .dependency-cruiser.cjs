/**
 * The import rules `npm run lint:deps` checks (the first step of `npm test`). Each rule is stated,
 * with why, in docs/architecture.md "Rules the build checks"; keep the two in step.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles: a module and what it uses must be readable, testable and movable in one direction.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'controllers-call-services',
      severity: 'error',
      comment: 'A controller is thin: it calls a service, and only services use repositories.',
      from: { path: '^server/src/.+\\.controller\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'pg-only-in-repositories',
      severity: 'error',
      comment:
        'SQL lives in repositories. The pg driver itself is for the database plumbing and the job queue adapter only; ' +
        'scripts/check-sql-placement.ts checks the statements that go through TypeORM.',
      from: {
        path: '^server/src/',
        pathNot: ['\\.repository\\.ts$', '^server/src/database/', '^server/src/jobs/pg-boss-job-queue\\.ts$', '\\.spec\\.ts$'],
      },
      to: { path: '^pg$|(^|/)node_modules/pg/' },
    },
    {
      name: 'data-source-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories (and the database plumbing, the modules that register entities, the shared sweep lock and the CLI) ' +
        'get a DataSource or an entity repository injected: everything else reaches the database through a repository.',
      from: {
        path: '^server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.module\\.ts$',
          '^server/src/database/',
          '^server/src/jobs/periodic-sweep\\.ts$',
          '^server/src/cli/',
          '\\.spec\\.ts$',
        ],
      },
      to: { path: '^@nestjs/typeorm$|(^|/)node_modules/@nestjs/typeorm/' },
    },
    {
      name: 'migrations-hold-literal-data',
      severity: 'error',
      comment:
        'A migration runs once on an old database and again on every fresh one: its seed data is literal, so both hold the same ' +
        'texts whatever the live code says later. Types from schemas are fine; values and server code are not. The one ' +
        'exception is the database definitions, which a migration re-applies (docs/matching.md, "One home for the ' +
        "database's functions\"): functions and triggers are code, and their current text lives in one place.",
      from: { path: '^migrations/' },
      to: { path: '^schemas/|@scholarmatch/schemas|^server/', pathNot: '^server/src/database/definitions/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'migrations-import-no-server',
      severity: 'error',
      comment: 'Migrations do not depend on the live server code (see migrations-hold-literal-data), except on the database definitions.',
      from: { path: '^migrations/' },
      to: { path: '^server/', pathNot: '^server/src/database/definitions/' },
    },
    {
      name: 'plumbing-imports-no-feature',
      severity: 'error',
      comment:
        'common/, database/ and config/ are what every feature module builds on; importing a feature from them would tie ' +
        'every module to that feature.',
      from: { path: '^server/src/(common|database|config)/' },
      to: { path: '^server/src/', pathNot: '^server/src/(common|database|config|types)/' },
    },
    {
      name: 'web-pages-not-app',
      severity: 'error',
      comment: 'Pages are rendered by the app shell (web/src/app), never the reverse: what pages share lives in web/src/ui.',
      from: { path: '^web/src/pages/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-api-not-app',
      severity: 'error',
      comment: 'The API client layer knows nothing of the app shell.',
      from: { path: '^web/src/api/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'sdk-stands-alone',
      severity: 'error',
      comment:
        "The SDK is what an integrator installs: its code uses its generated files and its own dependencies, never the server's, " +
        "the web's or the shared workspaces' code (its tests may start the server).",
      from: { path: '^sdk/src/' },
      to: { path: '^(server|web|schemas|testkit)/|@scholarmatch/(server|web|schemas|testkit)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(schemas|server|web)/(dist|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    moduleSystems: ['es6', 'cjs'],
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
