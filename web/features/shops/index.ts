// The shops feature's public module: what other features may import from it; its other files are its own
// (docs/decisions/0004-module-boundaries.md). The admin's content form edits shops with these.
export { shopForm } from './shop-form-fields.tsx';
export { useShop, useCreateShop, useUpdateShop } from './shops.api.ts';
