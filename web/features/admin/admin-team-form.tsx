import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { adminTeamInputSchema, type AdminTeam, type Person } from '../../../common/teams.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { fieldError, showServerFieldErrors } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { errorText, notify } from '../../lib/toast.ts';
import { emptyTeamValues, MemberPicker, TeamDetailsFields, teamValues, type TeamImageKind } from '../teams/index.ts';
import { adminPeopleQuery, useAdminTeam, useAdminTeamImage, useRemoveAdminTeamImage, useSaveAdminTeam } from './admin-content.api.ts';
import { AdminFormCard } from './admin-form-card.tsx';
import { ImageField, NO_CHANGE, type ImageChoice } from './admin-team-image-field.tsx';
import type { AdminFormProps } from './admin-form-props.ts';
import { adminTabUrl, formReturnUrl } from './admin-tabs.ts';

type FormValues = z.input<typeof adminTeamInputSchema>;
type FormOutput = z.output<typeof adminTeamInputSchema>;

const FIELDS = ['name', 'type', 'description', 'location', 'foundedDate', 'isPrivate', 'disciplineIds', 'leaderId', 'memberIds'] as const;

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
    return (
      <AdminFormCard
        editing
        title={t('admin.teamForm.editTitle')}
        returnTo={formReturnUrl('teams')}
        busy={false}
        loading
        onSubmit={() => {}}
        testId="admin-team-form"
      >
        {null}
      </AdminFormCard>
    );
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
          <PeopleField
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
            <PeopleField
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
 * The leader (one) or the members (several): the chosen people are chips with a remove button, and
 * the member picker finds more through the admin user search (a radio or checkbox list).
 */
function PeopleField({
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
              <li
                key={personId}
                className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 ps-1 pe-2 text-sm"
                data-testid={`${testId}-chip`}
              >
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
      <MemberPicker
        label={t('admin.teamForm.searchUsers')}
        placeholder={t('admin.teamForm.searchPlaceholder')}
        search={adminPeopleQuery}
        emptyText={t('admin.teamForm.noUsers')}
        resultsLabel={t('admin.teamForm.results', { label })}
        pickBy={{ kind: multiple ? 'checkbox' : 'radio', chosen: selected, lockedId, onPick, onRemove }}
        testId={testId}
      />
      {error && (
        <p id={`${ids}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
