import { ADMIN_CONTENT_KINDS } from '../../../common/admin-content.ts';
import { MODERATION_KINDS } from '../../../common/admin-moderation.ts';

/** The admin panel's tabs and sub-tabs: they live in the URL (`/admin?tab=…&subtab=…`), which the forms return to. */
export const ADMIN_TABS = ['overview', 'users', 'content', 'approvals', 'moderation', 'disciplines', 'settings', 'jobs'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const CONTENT_SUBTABS = ADMIN_CONTENT_KINDS;

export const MODERATION_SUBTABS = MODERATION_KINDS;

export const DISCIPLINE_SUBTABS = ['disciplines', 'categories'] as const;
export type DisciplineSubtab = (typeof DISCIPLINE_SUBTABS)[number];

export const SETTINGS_SUBTABS = ['general', 'languages', 'password', 'messages'] as const;
export type SettingsSubtab = (typeof SETTINGS_SUBTABS)[number];

/** The kinds of `/admin/new/{kind}` and `/admin/edit/{kind}/{id}`. */
export const FORM_KINDS = ['users', 'disciplines', 'categories', ...CONTENT_SUBTABS] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const isOneOf = <T extends string>(values: readonly T[], value: string | null | undefined): value is T =>
  (values as readonly (string | null | undefined)[]).includes(value);

export function adminTabUrl(tab: AdminTab, subtab?: string): string {
  return subtab ? `/admin?tab=${tab}&subtab=${subtab}` : `/admin?tab=${tab}`;
}

/** Where a form of `kind` returns to (spec §2 Admin forms). */
export function formReturnUrl(kind: FormKind): string {
  if (kind === 'users') return adminTabUrl('users');
  if (kind === 'disciplines' || kind === 'categories') return adminTabUrl('disciplines', kind);
  return adminTabUrl('content', kind);
}
