/**
 * HTML forms that work before (and without) the scripts: a page's action is a plain
 * `<form method="post" action="/actions/<name>">` (server/lib/forms.ts answers it with a redirect back
 * and a flash message); with scripts the same form runs in place (web/components/ui/action-form.tsx).
 */

/** Where a form action is posted: `/actions/<name>`. */
export const FORM_ACTION_PREFIX = '/actions/';
export const formActionPath = (name: string) => `${FORM_ACTION_PREFIX}${encodeURIComponent(name)}`;

/** The hidden field naming the page to go back to (path and query, on this site). */
export const BACK_FIELD = 'back';

/** The cookie carrying a form's outcome to the next page, which shows it once. */
// Not under the session cookies' `stoked.` prefix: a message is not a session (server/lib/http-cache.ts keeps it private on its own).
export const FLASH_COOKIE = 'stoked-flash';

/** A form's outcome as the next page shows it: catalogue keys, never text of the sender's. */
export type Flash = {
  kind: 'success' | 'error';
  title: string;
  text?: string;
  params?: Record<string, string>;
  /** A refused form's id of what was typed (kept by the server, server/lib/actions.ts); the page gets it as `form`. */
  reply?: string;
  /** The refused form itself, as the page the refusal went back to draws it: never in the cookie. */
  form?: FormReply;
};

/**
 * A plain form the server refused, as it comes back: its action's name, what was typed in each field
 * (passwords never), and the error code of each field the input refused (`body` for the form as a whole).
 */
export type FormReply = { action: string; values: Record<string, string | string[]>; errors: Record<string, string> };

/** The id of a kept form reply, as the flash names it. */
export const FORM_REPLY_ID = /^[A-Za-z0-9_-]{22,64}$/;

const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

/** The flash of a cookie's value, or null when it is not one (a hand-made cookie shows nothing). */
export function parseFlash(value: string | undefined): Flash | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(value) as Partial<Flash>;
    if ((raw.kind !== 'success' && raw.kind !== 'error') || typeof raw.title !== 'string' || !KEY.test(raw.title)) return null;
    if (raw.text !== undefined && (typeof raw.text !== 'string' || !KEY.test(raw.text))) return null;
    const params: Record<string, string> = {};
    for (const [name, param] of Object.entries(raw.params ?? {})) {
      if (KEY.test(name) && typeof param === 'string') params[name] = param.slice(0, 200);
    }
    const reply = typeof raw.reply === 'string' && FORM_REPLY_ID.test(raw.reply) ? { reply: raw.reply } : {};
    return { kind: raw.kind, title: raw.title, ...(raw.text ? { text: raw.text } : {}), ...(Object.keys(params).length ? { params } : {}), ...reply };
  } catch {
    return null;
  }
}

/**
 * Why a visitor was sent to log in, as `?notice=` of the login address: the signed-in page they
 * asked for says it in the spec's words there. Only these catalogue keys: an address cannot choose
 * the text.
 */
export const LOGIN_NOTICES = {
  profile: 'profile.loginToView',
  notifications: 'notifications.loginToView',
  messages: 'messages.loginToView',
} as const;
export type LoginNotice = keyof typeof LOGIN_NOTICES;

/** The catalogue key of a login notice, or null for none or one the site does not know. */
export const loginNoticeKey = (value: string | null | undefined): string | null =>
  value && Object.hasOwn(LOGIN_NOTICES, value) ? LOGIN_NOTICES[value as LoginNotice] : null;

/**
 * A page of this site to go back to: a path (and query) starting with one `/`; anything else
 * (another site, `//host`, `/\host`, a scheme) is the home page, so no form is an open redirect.
 */
export function safeBack(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n\t]/.test(value)) return fallback;
  if (value.length > 2000) return fallback;
  return value;
}
