import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { adminTeamInputSchema, type AdminTeam, type Person } from '../../../common/teams.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { emptyTeamValues, TeamDetailsFields, TeamImageFileInput, TeamImagePreview, teamValues } from '../teams/index.ts';
import type { TeamImageKind } from '../teams/index.ts';
import { useAdminTeam, useAdminTeamImage, useAdminUserSearch, useRemoveAdminTeamImage, useSaveAdminTeam } from './admin-content.api.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import type { AdminFormProps } from './admin-form-props.ts';
import { adminTabUrl, formReturnUrl } from './admin-tabs.ts';

type FormValues = z.input<typeof adminTeamInputSchema>;
type FormOutput = z.output<typeof adminTeamInputSchema>;

const FIELDS = ['name', 'type', 'description', 'location', 'foundedDate', 'isPrivate', 'disciplineIds', 'leaderId', 'memberIds'] as const;

/** A chosen picture waits here until the team is saved (a new team needs its id first). */
type ImageChoice = { file: File | null; cleared: boolean };
const NO_CHANGE: ImageChoice = { file: null, cleared: false };

/** /admin/new/teams and /admin/edit/teams/{id} (spec §2 Team form, §4 Team save). */
export default function AdminTeamForm({ id }: AdminFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const team = useAdminTeam(id);
  usePageMeta(id ? t('admin.teamForm.editTitle') : t('admin.teamForm.createTitle'));

  useEffect(() => {
    if (!team.isError) return;
    notify('error', t('teams.loadErrorTitle'), errorText(t, team.error));
    navigate(adminTabUrl('content'), { replace: true });
  }, [team.isError]); // eslint-disable-line react-hooks/exhaustive-deps

  if (id && !team.data) {
    return <AdminFormCard editing title={t('admin.teamForm.editTitle')} returnTo={formReturnUrl('teams')} busy={false} loading onSubmit={() => {}} testId="admin-team-form">{null}</AdminFormCard>;
  }
  return <TeamFields id={id} team={team.data} />;
}

function valuesOf(team: AdminTeam | undefined): FormValues {
  if (!team) return { ...emptyTeamValues(), leaderId: '', memberIds: [] };
  return { ...teamValues(team, team.disciplineIds), leaderId: team.leaderId, memberIds: team.memberIds };
}

function TeamFields({ id, team }: { id: string | undefined; team: AdminTeam | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = !!id;
  const returnTo = formReturnUrl('teams');
  const save = useSaveAdminTeam(id);
  const uploadImage = useAdminTeamImage();
  const removeImage = useRemoveAdminTeamImage();
  const [busy, setBusy] = useState(false);
  const [logo, setLogo] = useState<ImageChoice>(NO_CHANGE);
  const [banner, setBanner] = useState<ImageChoice>(NO_CHANGE);
  // Names of the people picked so far, for the chips (the form itself holds ids).
  const [people, setPeople] = useState<Record<string, Person>>(() => Object.fromEntries((team?.members ?? []).map((p) => [p.id, p])));
  const remember = (person: Person) => setPeople((known) => ({ ...known, [person.id]: person }));

  const { register, handleSubmit, control, setError, watch, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(adminTeamInputSchema),
    defaultValues: valuesOf(team),
  });
  const errors = formState.errors;
  const name = watch('name');
  const leaderId = watch('leaderId');

  /** Uploads or clears the pictures of the saved team; the titles of the failures, if any. */
  async function applyImages(teamId: string): Promise<boolean> {
    let ok = true;
    for (const [kind, choice] of [
      ['logo', logo],
      ['banner', banner],
    ] as [TeamImageKind, ImageChoice][]) {
      try {
        if (choice.file) await uploadImage.mutateAsync({ teamId, kind, file: choice.file });
        else if (choice.cleared) await removeImage.mutateAsync({ teamId, kind });
      } catch (error) {
        ok = false;
        notify('error', kind === 'logo' ? t('teams.toast.uploadLogoError') : t('teams.toast.uploadBannerError'), errorText(t, error));
      }
    }
    return ok;
  }

  const submit = handleSubmit(
    async (values) => {
      setBusy(true);
      try {
        let saved: AdminTeam;
        try {
          saved = await save.mutateAsync(values);
        } catch (error) {
          showServerFieldErrors(error, FIELDS, setError);
          notify('error', editing ? t('teams.toast.updateError') : t('teams.toast.createError'), errorText(t, error));
          return;
        }
        if (await applyImages(saved.id)) {
          notify('success', t('teams.toast.saved'));
          navigate(returnTo);
        } else if (!editing) {
          // The team exists now: further attempts edit it.
          navigate(`/admin/edit/teams/${encodeURIComponent(saved.id)}`, { replace: true });
        }
      } finally {
        setBusy(false);
      }
    },
    (invalid) => {
      if (invalid.leaderId) notify('error', t('admin.teamForm.validationError'), t('errors.LEADER_REQUIRED'));
    },
  );

  return (
    <AdminFormCard
      editing={editing}
      title={editing ? t('admin.teamForm.editTitle') : t('admin.teamForm.createTitle')}
      returnTo={returnTo}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      testId="admin-team-form"
    >
      <TeamDetailsFields register={register} control={control} errors={errors} disciplinesTestId="admin-team-disciplines" />
      <div className="grid gap-6 sm:grid-cols-2">
        <ImageField kind="logo" teamName={name} current={team?.logoUrl ?? null} choice={logo} onChange={setLogo} disabled={busy} />
        <ImageField kind="banner" teamName={name} current={team?.bannerUrl ?? null} choice={banner} onChange={setBanner} disabled={busy} />
      </div>
      <Controller
        control={control}
        name="leaderId"
        render={({ field, fieldState }) => (
          <PeoplePicker
            label={t('admin.teamForm.leader')}
            required
            selected={field.value ? [field.value] : []}
            people={people}
            onPick={(person) => {
              remember(person);
              field.onChange(person.id);
            }}
            onRemove={() => field.onChange('')}
            error={fieldError(t, fieldState.error)}
            testId="admin-team-leader"
          />
        )}
      />
      <Controller
        control={control}
        name="memberIds"
        render={({ field, fieldState }) => {
          const memberIds = field.value ?? [];
          // The leader is always a member (spec §4): shown first, without a remove button.
          const shown = leaderId ? [leaderId, ...memberIds.filter((m) => m !== leaderId)] : memberIds;
          return (
            <PeoplePicker
              label={t('admin.teamForm.members')}
              hint={t('admin.teamForm.membersHint')}
              multiple
              selected={shown}
              lockedId={leaderId || undefined}
              people={people}
              onPick={(person) => {
                remember(person);
                if (!memberIds.includes(person.id)) field.onChange([...memberIds, person.id]);
              }}
              onRemove={(personId) => field.onChange(memberIds.filter((m) => m !== personId))}
              error={fieldError(t, fieldState.error)}
              testId="admin-team-members"
            />
          );
        }}
      />
    </AdminFormCard>
  );
}

/**
 * Picks people found through the admin user search: the chosen ones are chips (with a remove
 * button), the results a labelled radio (one) or checkbox (several) list.
 */
function PeoplePicker({
  label,
  hint,
  required = false,
  multiple = false,
  selected,
  lockedId,
  people,
  onPick,
  onRemove,
  error,
  testId,
}: {
  label: string;
  hint?: string;
  required?: boolean;
  multiple?: boolean;
  selected: string[];
  lockedId?: string;
  people: Record<string, Person>;
  onPick: (person: Person) => void;
  onRemove: (id: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const search = useAdminUserSearch(q);
  const chosen = new Set(selected);
  const results = search.data?.items ?? [];

  useEffect(() => {
    if (search.isError) notify('error', t('teams.toast.searchError'), errorText(t, search.error));
  }, [search.isError]); // eslint-disable-line react-hooks/exhaustive-deps

  const describedBy = [hint ? `${ids}-hint` : '', error ? `${ids}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy} aria-invalid={error ? true : undefined} data-testid={testId}>
      <legend className="text-sm font-medium text-slate-700">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {hint && (
        <p id={`${ids}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {selected.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('admin.teamForm.selected', { label })}>
          {selected.map((personId) => {
            const person = people[personId];
            const personName = person?.name ?? personId;
            return (
              <li key={personId} className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 ps-1 pe-2 text-sm" data-testid={`${testId}-chip`}>
                <Avatar person={{ name: personName, avatarUrl: person?.avatarUrl ?? null }} size="sm" className="h-7! w-7! text-xs!" />
                <span className="font-medium text-slate-800">{personName}</span>
                {personId === lockedId ? (
                  <span className="rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">{t('teams.leader')}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onRemove(personId)}
                    className="inline-flex h-6 w-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={t('teams.manage.removePerson', { name: personName })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{multiple ? t('admin.teamForm.noMembers') : t('admin.teamForm.noLeader')}</p>
      )}
      <div className="space-y-1">
        <label htmlFor={`${ids}-search`} className="block text-xs font-medium text-slate-600">
          {t('admin.teamForm.searchUsers')}
        </label>
        <input
          id={`${ids}-search`}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('admin.teamForm.searchPlaceholder')}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          data-testid={`${testId}-search`}
        />
      </div>
      <div className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-busy={search.isFetching}>
        {search.isLoading ? (
          <Spinner className="m-2 h-5 w-5" />
        ) : results.length === 0 ? (
          <p className="p-2 text-sm text-slate-500">{t('admin.teamForm.noUsers')}</p>
        ) : (
          <ul role="group" aria-label={t('admin.teamForm.results', { label })}>
            {results.map((user) => {
              const person: Person = { id: user.id, name: user.name, avatarUrl: user.avatarUrl };
              const checked = chosen.has(user.id);
              const locked = user.id === lockedId;
              return (
                <li key={user.id}>
                  <label className={`flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}>
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={multiple ? undefined : `${ids}-choice`}
                      className="h-4 w-4 accent-brand-600"
                      checked={checked}
                      disabled={locked}
                      onChange={(e) => (e.target.checked ? onPick(person) : onRemove(user.id))}
                    />
                    <Avatar person={person} size="sm" className="h-7! w-7! text-xs!" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-800">{user.name}</span>
                      <span className="block truncate text-xs text-slate-500">{user.email}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${ids}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Logo or banner: shows the stored picture or the chosen file's preview; the file is sent once the team is saved. */
function ImageField({
  kind,
  teamName,
  current,
  choice,
  onChange,
  disabled,
}: {
  kind: TeamImageKind;
  teamName: string;
  current: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (choice.file ? URL.createObjectURL(choice.file) : null), [choice.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shownUrl = preview ?? (choice.cleared ? null : current);
  const shown = { name: teamName || '?', logoUrl: shownUrl, bannerUrl: shownUrl };
  const reset = () => {
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2" data-testid={`admin-team-${kind}`}>
      <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
        {kind === 'logo' ? t('teams.manage.logo') : t('teams.manage.banner')}
      </label>
      <TeamImagePreview kind={kind} team={shown} bannerClassName="h-24 w-full rounded-lg" />
      <TeamImageFileInput id={`${ids}-file`} ref={input} onPick={(file) => onChange({ file, cleared: false })} disabled={disabled} describedBy={`${ids}-hint`} />
      <p id={`${ids}-hint`} className="text-xs text-slate-500">
        {choice.file ? t('admin.teamForm.imageOnSave') : kind === 'logo' ? t('teams.manage.logoHint') : t('teams.manage.bannerHint')}
      </p>
      {(choice.file || (current && !choice.cleared)) && (
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => {
            reset();
            onChange(choice.file ? NO_CHANGE : { file: null, cleared: true });
          }}
        >
          {choice.file ? t('common.cancel') : kind === 'logo' ? t('teams.manage.removeLogo') : t('teams.manage.removeBanner')}
        </Button>
      )}
    </div>
  );
}
