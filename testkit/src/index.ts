/**
 * @scholarmatch/testkit: the one home of what every test suite needs (docs/testing.md): a server
 * process to talk to, fresh databases from a migrated template, data built through the public
 * API, and the dates the specs write.
 */
export * from './api.js';
export * from './app-server.js';
export * from './builders.js';
export * from './database.js';
export * from './dates.js';
export * from './server-process.js';
