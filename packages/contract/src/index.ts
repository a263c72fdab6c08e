export * from './errors';
export * from './account';
export * from './format';
export * from './projects';
export * from './activity';
export * from './alerts';
export * from './notifications';
export * from './tickets';
