import { Link } from '../../components/ui/link.tsx';
import type { Person } from '../../../common/teams.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';

export function PeopleList({ people, loading, empty }: { people: Person[] | undefined; loading: boolean; empty: string }) {
  if (loading) return <Spinner />;
  if (!people?.length) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {people.map((p) => (
        <li key={p.id}>
          <Link to={`/profile/${p.id}`} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm hover:bg-slate-50">
            <Avatar person={p} />
            <span dir="auto" className="font-medium">
              {p.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
