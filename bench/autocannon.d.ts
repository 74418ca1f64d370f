// autocannon ships no types; the bench uses a small part of its API.
declare module 'autocannon';
