// Business constants and limits (spec section 9, plus the numbers sections 2-5 name), grouped by feature.
// Values the spec leaves open are marked "our choice" so nobody mistakes them for product facts.
//
// Only re-exports: the numbers every page needs are in constants-common.ts and those of one feature in
// constants-<feature>.ts. The browser's bundler puts a module whole in one chunk and follows the
// imports of any module that has code of its own, so with code here every feature's numbers would go
// to the shell; a module of re-exports only is passed through.
export * from './constants-common';
export * from './constants-accounts';
export * from './constants-boligagent';
export * from './constants-dwellings';
export * from './constants-subscriptions';
export * from './constants-tenant-ad';
export * from './constants-unsubscribe';
