export * from './enums.ts';
export * from './params.ts';
export * from './entities.ts';
export * from './errors.ts';
export * from './endpoints/discover.ts';
export * from './endpoints/playlist.ts';
export * from './endpoints/song.ts';
export * from './endpoints.ts';
