export * from './constants.ts';
export * from './common.ts';
export * from './series.ts';
export * from './curation.ts';
export * from './wallet.ts';
export * from './library.ts';
export * from './auth.ts';
export * from './episodes.ts';
