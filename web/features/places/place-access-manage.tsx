import { useId, useState } from 'react';
import type { PlaceAccess } from '../../../common/place-access.ts';
import type { Person } from '../../../common/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { ActionForm } from '../../components/ui/action-form.tsx';
import {
  ACCESS_STATUSES,
  placeAccessStatusAction,
  placeClosureRemoveAction,
  placeStewardRemoveAction,
  type AccessStatus,
} from '../../../common/place-access-basics.ts';
import { ListSection } from '../../components/ui/list-section.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify, notifyFlash } from '../../lib/toast.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { MemberPicker } from '../teams/index.ts';
import { changeAction, stewardSearchQuery, useChangeAccess, type Change } from './place-access.api.ts';
import { PlaceClosures } from './place-closures.tsx';
import { placeClosureAddAction } from '../../../common/place-access-basics.ts';

type Props = { placeId: string; access: PlaceAccess; isAdmin: boolean };

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/**
 * What a place's stewards and admins change of its access: the status, the closures (added and
 * removed) and, for admins, the stewards. Each is a plain HTML form (its action in
 * common/place-access-basics.ts) that the app
 * runs in place once its scripts are in.
 */
export function PlaceAccessManage({ placeId, access, isAdmin }: Props) {
  const { t } = useTranslation();
  const change = useChangeAccess(placeId);
  const ids = useId();
  const fields = { id: placeId };
  // A new key empties the closure form once its closure is added.
  const [closureRound, setClosureRound] = useState(0);

  const run = (what: Change, after?: () => void) =>
    change.mutate(what, {
      // The same message as the plain form's.
      onSuccess: (access) => {
        notifyFlash(t, what.kind === 'add-closure' ? { kind: 'success', title: 'places.access.toast.closureAdded' } : changeAction(placeId, what).done(access));
        after?.();
      },
      onError: (error) => notify('error', t('places.access.toast.error'), errorText(t, error)),
    });

  return (
    <div className="space-y-5">
      <ActionForm
        action={placeAccessStatusAction}
        fields={fields}
        onSubmit={(data) => run({ kind: 'status', status: text(data, 'status') as AccessStatus })}
        className="flex flex-wrap items-end gap-3"
        testId="place-access-status-form"
      >
        <div className="space-y-1">
          <label htmlFor={`${ids}-status`} className="block text-sm font-medium text-slate-700">
            {t('places.access.statusLabel')}
          </label>
          <select
            id={`${ids}-status`}
            name="status"
            defaultValue={access.summary.set}
            key={access.summary.set}
            className="block h-10 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm"
            data-testid="place-access-status"
          >
            {ACCESS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`places.access.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={change.isPending}>
          {t('places.access.saveStatus')}
        </Button>
      </ActionForm>

      <PlaceClosures
        closures={access.closures}
        control={(c, days) => (
          <ActionForm
            action={placeClosureRemoveAction}
            fields={{ ...fields, closureId: c.id }}
            onSubmit={() => run({ kind: 'remove-closure', closureId: c.id })}
          >
            <Button type="submit" size="sm" variant="outline" disabled={change.isPending} aria-label={t('places.access.removeClosure', { days })}>
              {t('places.access.remove')}
            </Button>
          </ActionForm>
        )}
      />

      <ActionForm
        key={closureRound}
        action={placeClosureAddAction}
        fields={{ placeId }}
        onSubmit={(data) => {
          const closure = { startsOn: text(data, 'startsOn'), endsOn: text(data, 'endsOn'), reason: text(data, 'reason'), yearly: data.get('yearly') !== null };
          run({ kind: 'add-closure', closure }, () => setClosureRound((n) => n + 1));
        }}
        className="space-y-3 rounded-xl border border-slate-200 p-4"
        testId="place-closure-form"
      >
        <h3 className="font-semibold text-slate-800">{t('places.access.addClosure')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('places.access.startsOn')} name="startsOn" type="date" required dir="ltr" data-testid="closure-starts" />
          <TextField label={t('places.access.endsOn')} name="endsOn" type="date" required dir="ltr" data-testid="closure-ends" />
        </div>
        <TextField label={t('places.access.reason')} name="reason" required maxLength={200} autoComplete="off" data-testid="closure-reason" />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="yearly" className="h-4 w-4" />
          {t('places.access.yearlyLabel')}
        </label>
        <Button type="submit" disabled={change.isPending} data-testid="closure-submit">
          {t('places.access.addClosure')}
        </Button>
      </ActionForm>

      <Stewards placeId={placeId} stewards={access.stewards} isAdmin={isAdmin} run={run} busy={change.isPending} />
    </div>
  );
}

type Run = (what: Change) => void;

/** The place's stewards; an admin names (with the member picker) and removes them. */
function Stewards({ placeId, stewards, isAdmin, run, busy }: { placeId: string; stewards: Person[]; isAdmin: boolean; run: Run; busy: boolean }) {
  const { t } = useTranslation();
  // The picker searches as one types, which needs scripts; on the server it would read a search no route declares.
  const hydrated = useHydrated();
  return (
    <ListSection
      title={t('places.access.stewards')}
      hint={t('places.access.stewardsHint')}
      isEmpty={stewards.length === 0}
      emptyText={t('places.access.noStewards')}
      className="border-t border-slate-100 pt-4"
      after={
        isAdmin &&
        hydrated && (
          <MemberPicker
            label={t('places.access.findSteward')}
            minLength={2}
            search={stewardSearchQuery}
            emptyText={t('places.access.noPeople')}
            pickBy={{
              kind: 'button',
              text: t('places.access.addSteward'),
              labelOf: (person) => t('places.access.addStewardNamed', { name: person.name }),
              onPick: (person) => run({ kind: 'add-steward', userId: person.id }),
              busy,
            }}
            testId="steward-search"
          />
        )
      }
    >
      <ul className="divide-y divide-slate-100 text-sm" data-testid="place-stewards">
        {stewards.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2 py-2">
            <bdi className="font-medium text-slate-800">{s.name}</bdi>
            {isAdmin && (
              <ActionForm
                action={placeStewardRemoveAction}
                fields={{ id: placeId, userId: s.id }}
                onSubmit={() => run({ kind: 'remove-steward', userId: s.id })}
              >
                <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={t('places.access.removeSteward', { name: s.name })}>
                  {t('places.access.remove')}
                </Button>
              </ActionForm>
            )}
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
