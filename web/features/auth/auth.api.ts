import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../common/schemas.ts';
import { api } from '../../lib/api.ts';
import { authKeys } from '../../lib/session.ts';

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api('/api/auth/sign-in/email', { method: 'POST', body: input }),
    // Everything a visitor saw may differ for a member (follow states, counts).
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useRegister() {
  return useMutation({
    // The page's language goes along: the confirmation mail is written in it.
    mutationFn: (input: { name: string; email: string; password: string; language: string }) => api('/api/auth/sign-up/email', { method: 'POST', body: input }),
  });
}

/** The confirmation link's token with the password chosen at sign-up; success signs in. */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api('/api/auth/confirm-email', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      client.setQueryData(authKeys.me, { user: null });
      return client.invalidateQueries();
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api('/api/auth/send-verification-email', { method: 'POST', body: { email } }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api('/api/auth/request-password-reset', { method: 'POST', body: { email } }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => api('/api/auth/reset-password', { method: 'POST', body: input }),
  });
}
