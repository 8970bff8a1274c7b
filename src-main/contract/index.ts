export * from './define';
export * from './errors';
export * from './app';
export * from './methods';
export * from './events';
export * from './wire';
export * from './handlers';
export * from './client';
