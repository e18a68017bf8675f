export * from './health';
export * from './areas';
export * from './dwellings';
export * from './errors';
export * from './input';
export * from './accounts';
export * from './boligagents';
export * from './subscriptions';
