import { describe, expect, it } from 'vitest';
import { contactSchema, loginSchema, registerSchema } from './schemas.ts';
import { cleanLine } from './text.ts';

/** The first error code of each field, as the forms show it. */
function codes(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('registerSchema (spec §5)', () => {
  const valid = { name: 'Kai', email: 'Kai@Example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts a valid registration and lower-cases the email', () => {
    const result = registerSchema.parse(valid);
    expect(result.email).toBe('kai@example.com');
  });
  it('requires every field', () => {
    const result = registerSchema.safeParse({ name: '', email: '', password: '', confirmPassword: '' });
    expect(codes(result)).toMatchObject({ name: 'REQUIRED', email: 'REQUIRED', password: 'REQUIRED', confirmPassword: 'REQUIRED' });
  });
  it("refuses passwords that don't match", () => {
    expect(codes(registerSchema.safeParse({ ...valid, confirmPassword: 'secret2' }))).toEqual({ confirmPassword: 'PASSWORDS_DONT_MATCH' });
  });
  it('refuses passwords under 6 characters and accepts long ones with spaces and emoji', () => {
    expect(codes(registerSchema.safeParse({ ...valid, password: '12345', confirmPassword: '12345' }))).toEqual({ password: 'PASSWORD_TOO_SHORT' });
    const long = 'ride the 🌊 '.repeat(10).slice(0, 100);
    expect(registerSchema.safeParse({ ...valid, password: long, confirmPassword: long }).success).toBe(true);
  });
  it('refuses an invalid email', () => {
    expect(codes(registerSchema.safeParse({ ...valid, email: 'not-an-email' }))).toEqual({ email: 'INVALID_EMAIL' });
  });
  it('refuses a name made only of whitespace or invisible characters', () => {
    expect(codes(registerSchema.safeParse({ ...valid, name: ' \u200b\u202e ' }))).toEqual({ name: 'REQUIRED' });
  });
});

describe('cleanLine', () => {
  it('removes bidi overrides, zero-width and control characters and normalises to NFC', () => {
    expect(cleanLine('\u202eevil\u200b name\u0007')).toBe('evil name');
    expect(cleanLine('Cafe\u0301')).toBe('Café');
  });
});

describe('loginSchema and contactSchema', () => {
  it('requires email and password to log in', () => {
    expect(codes(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual({ password: 'REQUIRED' });
  });
  it('requires all four contact fields and a valid email', () => {
    expect(codes(contactSchema.safeParse({ name: 'A', email: 'x', subject: '', message: 'hi' }))).toEqual({ email: 'INVALID_EMAIL', subject: 'REQUIRED' });
    expect(contactSchema.safeParse({ name: 'A', email: 'a@b.co', subject: 'Hi', message: 'Hello' }).success).toBe(true);
  });
});
