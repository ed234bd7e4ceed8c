/** Bytes as base64url text without padding (RFC 4648 §5): feed cursors, push keys. */
export function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCodePoint(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
