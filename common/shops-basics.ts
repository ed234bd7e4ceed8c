/** What shop pages need without the shop schemas (common/shops.ts): nothing here imports zod. */

/** Brands a card shows before '+N more' (spec §10 card limits). */
export const SHOP_CARD_BRANDS = 3;
