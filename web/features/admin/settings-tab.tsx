import type { ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { ChangePassword } from '../profiles/index.ts';
import { SETTINGS_SUBTABS, type SettingsSubtab } from './admin-tabs.ts';
import { SettingsGeneral } from './settings-general.tsx';
import { SettingsLanguages } from './settings-languages.tsx';
import { SettingsMessages } from './settings-messages.tsx';
import { useSubtab } from './use-subtab.ts';

const PANELS: Record<SettingsSubtab, ComponentType> = {
  general: SettingsGeneral,
  languages: SettingsLanguages,
  password: () => <ChangePassword testId="admin-settings-password" />,
  messages: SettingsMessages,
};

/** Admin › Settings: General (logo, home background), Languages, Password and the contact Messages. */
export function SettingsTab() {
  const { t } = useTranslation();
  const [subtab, subtabHref] = useSubtab(SETTINGS_SUBTABS);
  const Panel = PANELS[subtab];
  return (
    <Tabs
      label={t('admin.settings.subtabsLabel')}
      active={subtab}
      hrefOf={subtabHref}
      tabs={SETTINGS_SUBTABS.map((id) => ({ id, label: t(`admin.settings.subtabs.${id}`), content: id === subtab ? <Panel /> : null }))}
    />
  );
}
