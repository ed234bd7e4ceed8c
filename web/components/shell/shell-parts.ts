import { createContext, useContext, type ComponentType } from 'react';
import type { SessionUser } from '../../../common/schemas.ts';

/**
 * The pieces of every page's frame that belong to features (the bell, messages, signing out): the
 * route table hands them to the Layout (web/routes.tsx), so the shell, like all of web/components,
 * imports no feature. Both are lazy there: a visitor's first load carries neither.
 */
export type ShellParts = {
  /** The signed-in person's links: messages, the bell, profile, admin, log out. */
  SignedInLinks: ComponentType<{ onNavigate?: () => void; stacked: boolean; user: SessionUser }>;
  /** The bell alone, beside the mobile menu's button. */
  NotificationBell: ComponentType<{ variant?: 'mobile' }>;
};

const nothing = () => null;

export const ShellPartsContext = createContext<ShellParts>({ SignedInLinks: nothing, NotificationBell: nothing });

export function useShellParts(): ShellParts {
  return useContext(ShellPartsContext);
}
