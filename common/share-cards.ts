import { CONTENT_TYPES } from './content-basics.ts';

/**
 * The generated picture of a shared link to an item that has no photo (issue 21, item 6): what can
 * have one, and its address in the page's language (the server draws it: server/features/share-cards).
 */
export const SHARE_CARD_TYPES = [...CONTENT_TYPES, 'team', 'profile'] as const;
export type ShareCardType = (typeof SHARE_CARD_TYPES)[number];

/**
 * The card's address, named by what it shows (`shown`: its title, sport, date, place): an item
 * changed is a new address, which no cache (a crawler's, a CDN's) holds an old card for (issue 37).
 * The server ignores the name; the card is drawn from the item as it is now.
 */
export const shareCardPath = (type: ShareCardType, id: string, shown: readonly unknown[] = []) =>
  `/api/share-cards/${type}/${encodeURIComponent(id)}.png${shown.length === 0 ? '' : `?${SHARE_CARD_VERSION}=${cardVersion(shown)}`}`;

export const SHARE_CARD_VERSION = 'v';

/** A short name of what a card shows (32-bit FNV-1a, base 36): not a secret, only different when it differs. */
export function cardVersion(shown: readonly unknown[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(shown)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
