export * from './errors';
export * from './account';
export * from './format';
export * from './projects';
