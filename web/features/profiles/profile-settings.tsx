import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/form.ts';
import { errorText, notify } from '../../lib/toast.ts';
import type { LanguageCode } from '../../../common/languages.ts';
import { NotificationSettings } from '../notifications/index.ts';
import { CalendarFeedSettings } from '../calendars/index.ts';
import { PushSettings } from '../push/index.ts';
import { useLanguage } from '../../lib/language.ts';
import { ChangePassword } from './change-password.tsx';
import { useDeleteAccount, useSetAchievements, useUpdateProfile } from './profiles.api.ts';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function Achievements({ initial }: { initial: string[] }) {
  const { t } = useTranslation();
  const save = useSetAchievements();
  const [items, setItems] = useState(initial);
  const [draft, setDraft] = useState('');
  const persist = (next: string[]) =>
    save.mutate(next, {
      onSuccess: (profile) => {
        setItems(profile.achievements);
        notify('success', t('profile.achievements.saved'));
      },
      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
    });
  return (
    <section className={card}>
      <h2 className="text-lg font-semibold">{t('profile.tabs.achievements')}</h2>
      {items.length === 0 && <p className="mt-2 text-slate-600">{t('profile.achievements.none')}</p>}
      <ul className="mt-3 space-y-2">
        {items.map((item, index) => (
          <li key={`${index}-${item}`} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <span>🏆 {item}</span>
            <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => persist(items.filter((_, i) => i !== index))}>
              {t('common.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="mt-4 flex max-w-md gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) persist([...items, draft.trim()]);
          setDraft('');
        }}
      >
        <label className="sr-only" htmlFor="new-achievement">
          {t('profile.achievements.add')}
        </label>
        <input
          id="new-achievement"
          value={draft}
          maxLength={120}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('profile.achievements.placeholder')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <Button type="submit" disabled={save.isPending || !draft.trim()}>
          {t('profile.achievements.add')}
        </Button>
      </form>
    </section>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  return (
    <section className={`${card} border-red-200`}>
      <h2 className="text-lg font-semibold text-red-700">{t('profile.settings.deleteAccount')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('profile.settings.deleteWarning')}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        {t('profile.settings.deleteAccount')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setPassword('');
        }}
        title={t('profile.settings.deleteConfirmTitle')}
        description={
          <span className="mt-3 block space-y-2">
            <span className="block">{t('profile.settings.deleteWarning')}</span>
            <label className="block text-sm font-medium text-slate-700" htmlFor="delete-password">
              {t('profile.settings.deletePassword')}
            </label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </span>
        }
        confirmLabel={t('profile.settings.deleteButton')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!password) return notify('error', t('auth.toast.error'), t('errors.REQUIRED'));
          // Awaited rather than mutate callbacks: the signed-out profile page unmounts this form first.
          remove.mutateAsync(password).then(
            () => {
              notify('success', t('profile.settings.accountDeleted'));
              void navigate('/');
            },
            (error: unknown) => notify('error', t('auth.toast.error'), errorText(t, error)),
          );
        }}
      />
    </section>
  );
}

function PreferredLanguage({ initial }: { initial: string | null }) {
  const { t } = useTranslation();
  const { current, enabled, setLanguage } = useLanguage();
  const update = useUpdateProfile();
  const value = initial && enabled.some((l) => l.code === initial) ? initial : current;
  return (
    <section className={card}>
      <label htmlFor="preferred-language" className="text-lg font-semibold">
        {t('profile.settings.preferredLanguage')}
      </label>
      <select
        id="preferred-language"
        value={value}
        disabled={update.isPending}
        onChange={(event) => {
          const code = event.target.value as LanguageCode;
          update.mutate(
            { preferredLanguage: code },
            {
              onSuccess: () => {
                setLanguage(code, { save: false });
                notify('success', t('profile.settings.languageSaved'));
              },
              onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
            },
          );
        }}
        className="mt-3 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2"
      >
        {enabled.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.flag} {language.nativeName}
          </option>
        ))}
      </select>
    </section>
  );
}

export function ProfileSettings({ achievements, preferredLanguage }: { achievements: string[]; preferredLanguage: string | null }) {
  return (
    <div className="space-y-6">
      <PreferredLanguage initial={preferredLanguage} />
      <NotificationSettings className={card} />
      <PushSettings className={card} />
      <CalendarFeedSettings className={card} />
      <ChangePassword />
      <Achievements initial={achievements} />
      <DeleteAccount />
    </div>
  );
}
