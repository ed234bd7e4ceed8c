/**
 * The account's actions, defined once (common/actions.ts): their JSON routes are better-auth's,
 * behind ours (server/features/auth/auth.routes.ts), and their plain forms call the same endpoints.
 * Passwords are never kept in an address or in a refused form's reply; an e-mail typed is.
 */
import { defineAction } from './actions.ts';
import { safeBack } from './forms.ts';

/** An auth page's address with the fields it keeps (those that are not empty). */
const pageWith = (page: string, kept: Record<string, string | undefined>) => {
  const query = Object.entries(kept)
    .filter(([, value]) => !!value)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return query ? `${page}?${query}` : page;
};
/** Where the login page was asked to return to, when it is a page of this site. */
const nextOf = (next: string | undefined) => (next && safeBack(next, '') ? next : '');

export const logInAction = defineAction<{ email: string; password: string; next?: string }>()({
  name: 'log-in',
  method: 'POST',
  path: '/api/auth/sign-in/email',
  authenticates: true,
  done: { kind: 'success', title: 'auth.toast.welcomeBack', text: 'auth.toast.loggedIn' },
  // As the app's toast: 'Sign in Failed', then why.
  failTitle: 'auth.toast.signInFailed',
  to: (_answer, fields) => safeBack(nextOf(fields.next)),
  failTo: (fields) => pageWith('/login', { next: nextOf(fields.next) }),
});

export const logOutAction = defineAction<Record<string, never>>()({
  name: 'log-out',
  method: 'POST',
  path: '/api/auth/sign-out',
  done: { kind: 'success', title: 'auth.toast.loggedOut', text: 'auth.toast.seeYou' },
  to: () => '/',
});

export const registerAction = defineAction<{ name: string; email: string; password: string; confirmPassword?: string; language?: string }>()({
  name: 'register',
  method: 'POST',
  path: '/api/auth/sign-up/email',
  done: { kind: 'success', title: 'auth.toast.signUpSuccess', text: 'auth.toast.checkEmail' },
  to: (_answer, fields) => pageWith('/register', { sent: '1', email: fields.email }),
  failTo: () => '/register',
});

export const forgotPasswordAction = defineAction<{ email: string }>()({
  name: 'forgot-password',
  method: 'POST',
  path: '/api/auth/request-password-reset',
  to: (_answer, fields) => pageWith('/forgot-password', { sent: '1', email: fields.email }),
  failTo: () => '/forgot-password',
});

export const resetPasswordAction = defineAction<{ token: string; newPassword: string; confirmPassword?: string }>()({
  name: 'reset-password',
  method: 'POST',
  path: '/api/auth/reset-password',
  done: { kind: 'success', title: 'auth.resetDone', text: 'auth.resetDoneText' },
  to: () => '/login',
});

export const confirmEmailAction = defineAction<{ token: string; password: string }>()({
  name: 'confirm-email',
  method: 'POST',
  path: '/api/auth/confirm-email',
  // The password chosen at sign-up confirms the address and signs in: a wrong one is this form's refusal.
  authenticates: true,
  done: { kind: 'success', title: 'auth.toast.emailConfirmed' },
  to: () => '/',
});

/** /setup-admin without scripts: the page offers this form instead of asking on opening; it makes the first admin only. */
export const setupAdminAction = defineAction<Record<string, never>, { status: 'created' | 'exists' }>()({
  name: 'setup-admin',
  method: 'POST',
  path: '/api/setup-admin',
  done: (answer) => ({ kind: 'success', title: 'setupAdmin.ready', text: answer.status === 'created' ? 'setupAdmin.createdText' : 'setupAdmin.existsText' }),
  to: () => '/login',
});
