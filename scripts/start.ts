import { buildWebIfStale } from './build-web.ts';

await buildWebIfStale();
await import('../server/main.ts');
