import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** What the auth API test files share: their limits, and calls and reads around signing up and in. */

// Per-IP limits raised (every request comes from 127.0.0.1); the per-account failure limit stays at
// its default of 100, which only the test that aims at it reaches.
export const HIGH_LIMITS = { rateLimits: { loginPerMinute: 1000, signupPer30Min: 1000, loginFailuresPerHour: 100 } };

export function setCookies(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** A password of exactly `length` UTF-16 units (what zod and better-auth count), with spaces and emoji. */
export function passwordOf(length: number): string {
  const core = 'big wave 🌊 surf 🏄 ';
  let value = core.repeat(Math.floor(length / core.length));
  while (value.length < length) value += 'x';
  expect(value.length).toBe(length);
  return value;
}

export function signUp(t: TestApp, payload: Record<string, unknown>, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

export function signIn(t: TestApp, payload: Record<string, unknown>, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, ...extra });
}

export async function me(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { user: { id: string; name: string; email: string; role: string; avatarUrl: string | null } | null }).user;
}

export async function profileByEmail(t: TestApp, email: string) {
  return t.app.db.selectFrom('profiles').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function sessionCount(t: TestApp, userId: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The accounts table is better-auth's and not in the Kysely schema. */
export async function passwordHashes(t: TestApp, userId: string): Promise<string[]> {
  const { rows } = await sql<{ password: string }>`select password from accounts where user_id = ${userId}`.execute(t.app.db);
  return rows.map((r) => r.password);
}

export function mailsTo(t: TestApp, email: string) {
  return t.mails.filter((m) => m.to === email.toLowerCase());
}

/** What the confirmation page does: the link's token with the password typed by the visitor. */
export function confirm(t: TestApp, link: string, password: string) {
  const token = new URL(link).searchParams.get('token');
  return t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });
}
