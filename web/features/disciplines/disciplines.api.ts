import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisciplineHub } from '../../../common/schemas.ts';
import { followDisciplineAction, unfollowDisciplineAction } from '../../../common/disciplines-basics.ts';
import { api, sendAction } from '../../lib/api.ts';
import { disciplineKeys } from '../../lib/disciplines.ts';

export function useFollowDiscipline(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => sendAction(follow ? followDisciplineAction : unfollowDisciplineAction, { id }),
    onSuccess: (state) => {
      client.setQueryData<DisciplineHub>(disciplineKeys.hub(id), (hub) =>
        hub ? { ...hub, following: state.following, stats: { ...hub.stats, members: state.members } } : hub,
      );
      // Followers of a discipline are its athletes. Their lists' module comes only now: the pages
      // that follow a discipline need none of the athletes' list code.
      void import('../athletes/index.ts').then(({ athleteKeys }) => client.invalidateQueries({ queryKey: athleteKeys.all }));
    },
  });
}
