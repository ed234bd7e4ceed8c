import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema, loginSchema, passwordSchema, registerSchema } from '../../../common/schemas.ts';

/**
 * The account forms' checks, with the shared schemas: loaded at a form's first check, not with its
 * page (web/lib/form.ts `lazyResolver`), so that zod is no part of a visitor's first load (issue 38).
 */

const forgotSchema = z.object({ email: emailSchema });
const resetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().min(1, { error: 'REQUIRED' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'NEW_PASSWORDS_DONT_MATCH' });

export type ForgotInput = z.input<typeof forgotSchema>;
export type ResetInput = z.input<typeof resetSchema>;

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
export const forgotResolver = zodResolver(forgotSchema);
export const resetResolver = zodResolver(resetSchema);
