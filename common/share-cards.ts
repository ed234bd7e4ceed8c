import { CONTENT_TYPES } from './content-basics.ts';

/**
 * The generated picture of a shared link to an item that has no photo (issue 21, item 6): what can
 * have one, and its address in the page's language (the server draws it: server/features/share-cards).
 */
export const SHARE_CARD_TYPES = [...CONTENT_TYPES, 'team', 'profile'] as const;
export type ShareCardType = (typeof SHARE_CARD_TYPES)[number];

export const shareCardPath = (type: ShareCardType, id: string) => `/api/share-cards/${type}/${encodeURIComponent(id)}.png`;
