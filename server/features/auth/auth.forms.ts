import { safeBack } from '../../../common/forms.ts';
import { field, type FormActions, type FormFields } from '../../lib/forms.ts';

/**
 * The account forms as plain HTML (server/lib/forms.ts): log in, register, log out, the password
 * reset and the e-mail confirmation. Passwords are sent as typed (never trimmed) and never put in
 * an address; the e-mail typed is, so a failed form comes back filled in.
 */

const password = (f: FormFields, name: string) => f.get(name) ?? '';

/** An auth page's address with the fields it keeps (those that are not empty). */
const pageWith = (page: string, kept: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(kept).filter(([, value]) => value !== ''));
  return query.size ? `${page}?${query}` : page;
};

/** The second password typed must be the first. */
const samePasswords = (first: string, second: string, code: string) => (f: FormFields) => (password(f, first) === password(f, second) ? undefined : code);

/** Where the login page was asked to return to, when it is a page of this site. */
const nextOf = (f: FormFields) => {
  const next = field(f, 'next');
  return next && safeBack(next, '') ? next : '';
};

export const authForms: FormActions = {
  'log-in': {
    method: 'POST',
    path: () => '/api/auth/sign-in/email',
    body: (f) => ({ email: field(f, 'email'), password: password(f, 'password') }),
    authenticates: true,
    done: { kind: 'success', title: 'auth.toast.welcomeBack', text: 'auth.toast.loggedIn' },
    // As the app's toast: 'Sign in Failed', then why.
    failTitle: 'auth.toast.signInFailed',
    to: (_answer, f) => safeBack(nextOf(f)),
    failTo: (f) => pageWith('/login', { next: nextOf(f), email: field(f, 'email') }),
  },
  'log-out': {
    method: 'POST',
    path: () => '/api/auth/sign-out',
    body: () => ({}),
    done: { kind: 'success', title: 'auth.toast.loggedOut', text: 'auth.toast.seeYou' },
    to: () => '/',
  },
  register: {
    method: 'POST',
    path: () => '/api/auth/sign-up/email',
    // The page's language goes along: the confirmation mail is written in it.
    body: (f) => ({ name: field(f, 'name'), email: field(f, 'email'), password: password(f, 'password'), language: field(f, 'language') || undefined }),
    refuse: samePasswords('password', 'confirmPassword', 'PASSWORDS_DONT_MATCH'),
    done: { kind: 'success', title: 'auth.toast.signUpSuccess', text: 'auth.toast.checkEmail' },
    to: (_answer, f) => pageWith('/register', { sent: '1', email: field(f, 'email') }),
    failTo: (f) => pageWith('/register', { name: field(f, 'name'), email: field(f, 'email') }),
  },
  'forgot-password': {
    method: 'POST',
    path: () => '/api/auth/request-password-reset',
    body: (f) => ({ email: field(f, 'email') }),
    to: (_answer, f) => pageWith('/forgot-password', { sent: '1', email: field(f, 'email') }),
    failTo: (f) => pageWith('/forgot-password', { email: field(f, 'email') }),
  },
  'reset-password': {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    body: (f) => ({ token: field(f, 'token'), newPassword: password(f, 'newPassword') }),
    refuse: samePasswords('newPassword', 'confirmPassword', 'NEW_PASSWORDS_DONT_MATCH'),
    done: { kind: 'success', title: 'auth.resetDone', text: 'auth.resetDoneText' },
    to: () => '/login',
  },
  'confirm-email': {
    method: 'POST',
    path: () => '/api/auth/confirm-email',
    body: (f) => ({ token: field(f, 'token'), password: password(f, 'password') }),
    // The password chosen at sign-up confirms the address and signs in: a wrong one is this form's failure.
    authenticates: true,
    done: { kind: 'success', title: 'auth.toast.emailConfirmed' },
    to: () => '/',
  },
};
