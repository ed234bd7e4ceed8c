import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Person } from '../../../common/teams.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n-binding.tsx';
import { errorText, notify } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Someone a search found; the admin's search also shows their email, to tell namesakes apart. */
export type FoundPerson = Person & { email?: string };

/**
 * The search behind the picker, for the typed text: a query factory, so that each caller keeps its
 * own address and cache key. `T` is its raw answer; the picker reads what `select` makes of it.
 */
export type PeopleSearch<T, K extends QueryKey> = (q: string) => UseQueryOptions<T, Error, FoundPerson[], K>;

/** How a result is picked: a button that acts at once (Manage Team's Add), or a radio (one) or checkbox (several) list of chosen ids. */
export type PickBy =
  | { kind: 'button'; text: string; labelOf: (person: Person) => string; onPick: (person: Person) => void; busy: boolean; busyId?: string }
  | { kind: 'radio' | 'checkbox'; chosen: string[]; lockedId?: string; onPick: (person: Person) => void; onRemove: (id: string) => void };

/**
 * Finds people by name and picks them: Manage Team's invitations and the admin team form's leader
 * and members. The text is debounced, shorter than `minLength` it asks nothing; a failed search
 * says so once in a toast.
 */
export function MemberPicker<T, K extends QueryKey>({
  label,
  hint,
  placeholder,
  minLength = 0,
  search,
  emptyText,
  resultsLabel,
  pickBy,
  testId,
}: {
  label: string;
  hint?: string;
  placeholder?: string;
  minLength?: number;
  search: PeopleSearch<T, K>;
  emptyText: string;
  /** Names the results list for screen readers when a page has several pickers. */
  resultsLabel?: string;
  pickBy: PickBy;
  testId: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const tooShort = q.length < minLength;
  const found = useQuery({ ...search(q), placeholderData: keepPreviousData });
  const results = tooShort ? [] : (found.data ?? []);

  useEffect(() => {
    if (found.isError) notify('error', t('teams.toast.searchError'), errorText(t, found.error));
  }, [found.isError]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="space-y-2">
      <div className="space-y-1">
        <label htmlFor={`${ids}-search`} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          aria-describedby={hint ? `${ids}-hint` : undefined}
          aria-controls={`${ids}-results`}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          data-testid={`${testId}-search`}
        />
        {hint && (
          <p id={`${ids}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
      <div id={`${ids}-results`} aria-live="polite" aria-busy={found.isFetching}>
        {tooShort ? null : found.isLoading ? (
          <Spinner className="m-2 h-5 w-5 border-2" />
        ) : found.isSuccess && results.length === 0 ? (
          <p className="p-2 text-sm text-slate-500">{emptyText}</p>
        ) : (
          results.length > 0 && (
            <ul
              role={resultsLabel ? 'group' : undefined}
              aria-label={resultsLabel}
              className={`max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 p-1 ${found.isPlaceholderData ? 'opacity-60' : ''}`}
              data-testid={`${testId}-results`}
            >
              {results.map((person) => (
                <li key={person.id}>
                  <Result person={person} pickBy={pickBy} group={`${ids}-choice`} />
                </li>
              ))}
            </ul>
          )
        )}
      </div>
    </div>
  );
}

function Result({ person, pickBy, group }: { person: FoundPerson; pickBy: PickBy; group: string }) {
  const who: Person = { id: person.id, name: person.name, avatarUrl: person.avatarUrl };
  const face = (
    <>
      <Avatar person={who} size="sm" className="h-7! w-7! text-xs!" />
      <span className="min-w-0 flex-1">
        <bdi className="block truncate font-medium text-slate-800">{person.name}</bdi>
        {person.email && <span className="block truncate text-xs text-slate-500">{person.email}</span>}
      </span>
    </>
  );
  if (pickBy.kind === 'button') {
    return (
      <div className="flex items-center gap-3 px-2 py-1.5 text-sm">
        {face}
        <Button size="sm" onClick={() => pickBy.onPick(who)} disabled={pickBy.busy} aria-label={pickBy.labelOf(who)}>
          {pickBy.busy && pickBy.busyId === person.id && <Spinner className="h-4 w-4 border-2" />}
          {pickBy.text}
        </Button>
      </div>
    );
  }
  const checked = pickBy.chosen.includes(person.id);
  return (
    <label className={`flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}>
      <input
        type={pickBy.kind}
        name={pickBy.kind === 'radio' ? group : undefined}
        className="h-4 w-4 accent-brand-600"
        checked={checked}
        disabled={person.id === pickBy.lockedId}
        onChange={(e) => (e.target.checked ? pickBy.onPick(who) : pickBy.onRemove(person.id))}
      />
      {face}
    </label>
  );
}
