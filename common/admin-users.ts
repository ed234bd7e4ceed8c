import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './schemas.ts';
import { ADMIN_USERS_PAGE_SIZE } from './paging.ts';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const userRoleSchema = z.enum(USER_ROLES, { error: 'VALIDATION_ERROR' });

export const ADMIN_USERS_MAX_LIMIT = 50;

/** ?q=&page=&limit= of the admin user list; q matches name or email; larger limits are capped rather than refused. */
export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(ADMIN_USERS_PAGE_SIZE)
    .transform((n) => Math.min(n, ADMIN_USERS_MAX_LIMIT)),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The list's contract, also read by the team form to pick leaders and members. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number(),
  /** `total` is COUNT_CAP and more match (common/paging.ts). */
  totalCapped: z.boolean(),
  page: z.number(),
  hasMore: z.boolean(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserIdSchema = z.object({ id: z.string().min(1).max(100) });

/** Strict: a client cannot set the id, the verification state or any other column. */
export const adminUserCreateSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: userRoleSchema.default('user'),
});
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;
export type AdminUserCreate = z.output<typeof adminUserCreateSchema>;

/** Name and role only: the email cannot be changed. */
export const adminUserUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  role: userRoleSchema.optional(),
});
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The edit form sends both fields; the e-mail it shows (disabled) is left out. */
export const adminUserEditFormSchema = z.object({ name: nameSchema, role: userRoleSchema });
export type AdminUserEditForm = z.output<typeof adminUserEditFormSchema>;

export const adminUserCreatedSchema = z.object({ id: z.string() });
