import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { ATHLETE_LEVELS, editProfileAction } from '../../../common/profiles-basics.ts';
import { useFormDefaults } from '../../lib/flash.tsx';
import { profileUpdateSchema, type OwnProfile, type ProfileUpdate } from '../../../common/profiles.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { StateMessage } from '../../components/ui/state-message.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import { SelectField, TextArea, TextField } from '../../components/ui/text-field.tsx';
import { fieldError, registerWithDefaults } from '../../lib/form.ts';
import { useLocalizedName } from '../../lib/localized.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useMe } from '../../lib/session.ts';
import { useFollowDiscipline } from '../disciplines/index.ts';
import { ProfileSessions } from '../sessions/index.ts';
import { TrickProgression } from '../tricks/index.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { ActivityList } from './activity-list.tsx';
import { detectLocation, LocationError } from './geolocation.ts';
import { ImageUploadButton } from './image-upload-button.tsx';
import { PeopleList } from './people-list.tsx';
import { ProfileHero } from './profile-hero.tsx';
import { TeamLinks } from './team-links.tsx';
import { ProfileSettings } from './profile-settings.tsx';
import { useActivity, useOwnProfile, usePeople, usePublicProfile, useUpdateProfile } from './profiles.api.ts';

// The select's empty option stands for 'not set', stored as null.
const emptyAsNull = (value: string | null) => value || null;

const toForm = (p: OwnProfile): ProfileUpdate => ({ name: p.name, bio: p.bio ?? '', location: p.location ?? '', athleteLevel: p.athleteLevel });

function EditProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { reverseGeocodeUrl } = useSiteSettings();
  const update = useUpdateProfile();
  const [locating, setLocating] = useState(false);
  // A refused plain form comes back with what was typed (web/lib/flash.tsx).
  const defaults = useFormDefaults(editProfileAction.name, toForm(profile));
  const { register, handleSubmit, formState, reset, setValue } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: defaults,
  });
  const field = registerWithDefaults(register, defaults);

  const locate = async () => {
    setLocating(true);
    try {
      setValue('location', await detectLocation(reverseGeocodeUrl, i18n.language), { shouldDirty: true });
      notify('success', t('profile.geo.detected'));
    } catch (error) {
      const reason = error instanceof LocationError ? error.reason : 'failed';
      notify('error', t(`profile.geo.${reason}`), t('profile.geo.enterManually'));
    } finally {
      setLocating(false);
    }
  };

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify('success', t('profile.saved'));
        onDone();
      },
      onError: (error) => notify('error', t('profile.errorSaving'), errorText(t, error)),
    }),
  );

  return (
    // The text fields post as a plain form too (common/profiles-basics.ts); the pictures and the location lookup need the scripts.
    <ActionForm action={editProfileAction} onSubmitEvent={onSubmit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <TextField label={t('profile.name')} autoComplete="name" error={fieldError(t, formState.errors.name)} {...field('name')} />
      <TextArea label={t('profile.bio')} placeholder={t('profile.bioPlaceholder')} error={fieldError(t, formState.errors.bio)} {...field('bio')} />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={t('profile.location')}
            placeholder={t('profile.locationPlaceholder')}
            error={fieldError(t, formState.errors.location)}
            {...field('location')}
          />
        </div>
        <Button variant="outline" onClick={locate} disabled={locating}>
          {locating ? <Spinner className="h-4 w-4" /> : <span aria-hidden="true">📍</span>}
          {t('profile.detectLocation')}
        </Button>
      </div>
      <SelectField
        label={t('profile.athleteLevel')}
        error={fieldError(t, formState.errors.athleteLevel)}
        {...field('athleteLevel', { setValueAs: emptyAsNull })}
      >
        <option value="">{t('profile.athleteLevelNotSet')}</option>
        {ATHLETE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`athletes.level.${level}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <Button type="submit" busy={update.isPending}>
          {t('common.save')}
        </Button>
        <ButtonLink
          to="/profile"
          replace
          variant="outline"
          // The link closes the form; what was typed is dropped.
          onClick={() => reset(toForm(profile))}
        >
          {t('common.cancel')}
        </ButtonLink>
      </div>
    </ActionForm>
  );
}

function FollowedDiscipline({ discipline }: { discipline: { id: string; name: string; names: Record<string, string>; icon: string } }) {
  const { t } = useTranslation();
  const name = useLocalizedName();
  const follow = useFollowDiscipline(discipline.id);
  const [gone, setGone] = useState(false);
  if (gone) return null;
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm">
      <Link to={`/discipline/${discipline.id}`} className="flex items-center gap-2 font-medium hover:text-brand-700">
        <span aria-hidden="true">{discipline.icon}</span>
        {name(discipline)}
      </Link>
      <Button
        size="sm"
        variant="outline"
        disabled={follow.isPending}
        onClick={() =>
          follow.mutate(false, {
            onSuccess: () => {
              setGone(true);
              notify('success', t('discipline.toast.unfollowed', { discipline: name(discipline) }));
            },
            onError: () => notify('error', t('auth.toast.error'), t('discipline.toast.couldNotUnfollow')),
          })
        }
      >
        {t('profile.disciplines.unfollow')}
      </Button>
    </li>
  );
}

export default function OwnProfilePage() {
  const { t } = useTranslation();
  const { user, isLoading: meLoading } = useMe();
  const { data: profile, isLoading } = useOwnProfile(Boolean(user));
  const pub = usePublicProfile(user?.id ?? '');
  const activity = useActivity(user?.id);
  const followers = usePeople(user?.id, 'followers');
  const following = usePeople(user?.id, 'following');
  // The edit form is open at /profile?edit=1: a link before the scripts run, the same address after.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editing = params.has('edit');
  const stopEditing = () => void navigate('/profile', { replace: true });
  // The tab is the address's (?tab=settings): each opens without the scripts, and a form sent without them comes back to it.
  const tab = params.get('tab') ?? 'activity';
  usePageMeta(t('nav.profile'));

  if (meLoading || (user && isLoading)) return <PageSpinner />;
  if (!user) {
    return (
      <StateMessage icon="🔒" title={t('profile.loginToView')}>
        <ButtonLink to="/login">{t('nav.login')}</ButtonLink>
      </StateMessage>
    );
  }
  if (!profile) return <StateMessage icon="⚠️" title={t('errors.INTERNAL_ERROR')} homeLabel={t('common.goHome')} />;

  const disciplines = pub.data?.disciplines ?? [];
  const teams = pub.data?.teams ?? [];
  return (
    <>
      <ProfileHero
        person={profile}
        subtitle={
          profile.location || profile.athleteLevel ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <LevelBadge level={profile.athleteLevel} />
              {profile.location && <span>📍 {profile.location}</span>}
            </span>
          ) : undefined
        }
        bannerControls={<ImageUploadButton kind="banner" />}
        avatarControls={<ImageUploadButton kind="avatar" compact className="absolute -bottom-1 end-0" />}
        actions={
          !editing && (
            <>
              <ButtonLink to="/profile?edit=1" variant="outline">
                {t('profile.edit')}
              </ButtonLink>
              <ButtonLink to={`/profile/${profile.id}`} variant="ghost">
                {t('profile.viewPublic')}
              </ButtonLink>
            </>
          )
        }
      />
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
        {editing ? (
          <EditProfileForm profile={profile} onDone={stopEditing} />
        ) : (
          profile.bio && <p className="max-w-3xl whitespace-pre-line text-slate-700">{profile.bio}</p>
        )}
        <ProfileSessions userId={profile.id} />
        <Tabs
          label={t('profile.tabsLabel')}
          active={tab}
          hrefOf={(id) => (id === 'activity' ? '/profile' : `/profile?tab=${id}`)}
          tabs={[
            { id: 'activity', label: t('profile.tabs.activity'), content: <ActivityList items={activity.data} loading={activity.isLoading} /> },
            { id: 'tricks', label: t('tricks.progression.tab'), content: <TrickProgression userId={profile.id} own /> },
            {
              id: 'disciplines',
              label: t('profile.tabs.myDisciplines'),
              content: disciplines.length ? (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {disciplines.map((d) => (
                    <FollowedDiscipline key={d.id} discipline={d} />
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">{t('profile.disciplines.empty')}</p>
              ),
            },
            {
              id: 'relationships',
              label: t('profile.tabs.relationships'),
              content: (
                <div className="grid gap-8 lg:grid-cols-3">
                  <section>
                    <h2 className="mb-3 text-lg font-semibold">{t('profile.relationships.teams')}</h2>
                    <TeamLinks teams={teams} />
                  </section>
                  <section>
                    <h2 className="mb-3 text-lg font-semibold">{t('profile.public.followers')}</h2>
                    <PeopleList people={followers.data} loading={followers.isLoading} empty={t('profile.relationships.noFollowers')} />
                  </section>
                  <section>
                    <h2 className="mb-3 text-lg font-semibold">{t('profile.public.following')}</h2>
                    <PeopleList people={following.data} loading={following.isLoading} empty={t('profile.relationships.noFollowing')} />
                  </section>
                </div>
              ),
            },
            {
              id: 'settings',
              label: t('profile.tabs.settings'),
              content: <ProfileSettings achievements={profile.achievements} preferredLanguage={profile.preferredLanguage} />,
            },
          ]}
        />
      </div>
    </>
  );
}
