import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '../../lib/session.ts';

/**
 * A browser that signed in to an account before carries `<prefix>.device`: the account's address,
 * an expiry and an HMAC of both with the auth secret, so nobody can make one without having logged
 * in. The per-account failure counter (every source together) never applies to such a device, so a
 * flood of wrong passwords from anywhere cannot lock the owner out of the browsers they use.
 */
export const DEVICE_COOKIE = `${AUTH_COOKIE_PREFIX}.device`;
const LIFETIME_SECONDS = 60 * 60 * 24 * 365;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');

export function deviceCookieHeader(secret: string, email: string, secure: boolean): string {
  const expires = Math.floor(Date.now() / 1000) + LIFETIME_SECONDS;
  const payload = `${Buffer.from(email).toString('base64url')}.${expires}`;
  const name = secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
  return `${name}=${payload}.${sign(secret, payload)}; Path=/api/auth; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The signature of this request's valid device cookie for `email` (a key for its own counter), or null. */
export function knownDevice(request: FastifyRequest, secret: string, email: string): string | null {
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if ((name !== DEVICE_COOKIE && name !== `__Secure-${DEVICE_COOKIE}`) || !value) continue;
    const [who, expires, signature] = value.split('.');
    if (!who || !expires || !signature) continue;
    const expected = Buffer.from(sign(secret, `${who}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    if (Number(expires) * 1000 < Date.now() || Buffer.from(who, 'base64url').toString() !== email) continue;
    return signature;
  }
  return null;
}
