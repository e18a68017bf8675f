// @husly/contracts: the request and response shapes of the API as zod schemas and their types, plus
// (re-exported) the zod-free part that the browser imports on its own as @husly/contracts/browser
// (docs/decisions/0021-zod-free-browser-contracts.md).
export * from './browser';
export * from './health';
export * from './areas';
export * from './city-names';
export * from './dwellings';
export * from './errors';
export * from './input';
export * from './accounts';
export * from './boligagents';
export * from './subscriptions';
export * from './events';
export * from './alerts';
export * from './content';
export * from './unsubscribe';
export * from './tenant-ad';
export * from './favourites';
export * from './admin';
export * from './push';
