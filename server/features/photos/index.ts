// The photos feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). Reading photos with their items is server/lib/photos.ts.
export { photosRoutes } from './photos.routes.ts';
