// @husly/contracts/browser: the zod-free part of the contracts, for code that runs in the browser
// (docs/decisions/0021-zod-free-browser-contracts.md). Constants, error codes, type guards and plain
// checks; the zod schemas of @husly/contracts are built from the same limits and patterns, and the
// contracts tests hold each check equal to its schema. Types come from @husly/contracts (`import type`).
export * from './input';
export * from './errors';
export * from './codes';
export * from './accounts';
export * from './content';
export * from './unsubscribe';
export * from './push';
