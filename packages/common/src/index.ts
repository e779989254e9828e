export * from './roles';
export * from './slug';
export * from './session';
export * from './scope';
export * from './embeds';
export * from './search';
export * from './forms';
