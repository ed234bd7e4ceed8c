// The share-cards feature's public module (docs/decisions/0004-module-boundaries.md): the app registers its route.
export { shareCardsRoutes } from './share-cards.routes.ts';
