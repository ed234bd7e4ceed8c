import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

// Sample riders: profiles without a password (nobody can sign in as them), following their disciplines.
const ATHLETES = [
  {
    id: 'sample-kai',
    name: 'Kai Makoa',
    location: 'Haleiwa, Hawaii',
    level: 'professional',
    disciplines: ['surfing'],
    bio: 'Big-wave charger from the North Shore.',
    achievements: ['Pipe Masters finalist 2023', 'Eddie Aikau invitee', 'Hawaii state champion 2019'],
  },
  {
    id: 'sample-lena',
    name: 'Lena Vogt',
    location: 'Innsbruck, Austria',
    level: 'professional',
    disciplines: ['snowboarding'],
    bio: 'Backcountry lines and slopestyle.',
    achievements: ['Freeride World Tour rookie of the year', 'Austrian slopestyle champion'],
  },
  {
    id: 'sample-mateo',
    name: 'Mateo Silva',
    location: 'São Paulo, Brazil',
    level: 'amateur',
    disciplines: ['skateboarding'],
    bio: 'Street skater, DIY spot builder.',
    achievements: ['Best trick, Paulista jam 2024'],
  },
  {
    id: 'sample-aiko',
    name: 'Aiko Tanaka',
    location: 'Niseko, Japan',
    level: 'amateur',
    disciplines: ['snowboarding', 'surfing'],
    bio: 'Powder in winter, point breaks in summer.',
    achievements: [],
  },
  {
    id: 'sample-jade',
    name: 'Jade Moreau',
    location: 'Biarritz, France',
    level: 'professional',
    disciplines: ['surfing', 'skateboarding'],
    bio: 'Longboard style, skate in between sessions.',
    achievements: ['European longboard champion 2022', 'Roxy Jam finalist'],
  },
  {
    id: 'sample-tom',
    name: 'Tom Becker',
    location: 'Berlin, Germany',
    level: 'amateur',
    disciplines: ['skateboarding'],
    bio: 'Bowl and transition, every evening at the park.',
    achievements: ['Berlin bowl jam, 2nd place'],
  },
] as const;

/** Creates the sample riders and returns their ids, the authors of the sample content. */
export async function seedAthleteSamples(tx: Kysely<DB>): Promise<string[]> {
  await tx
    .insertInto('profiles')
    .values(
      ATHLETES.map((a) => ({
        id: a.id,
        name: a.name,
        email: `${a.id}@samples.stoked.invalid`,
        email_verified: true,
        bio: a.bio,
        location: a.location,
        athlete_level: a.level,
        achievements: JSON.stringify(a.achievements),
      })),
    )
    .execute();
  await tx
    .insertInto('discipline_followers')
    .values(ATHLETES.flatMap((a) => a.disciplines.map((discipline_id) => ({ user_id: a.id, discipline_id }))))
    .execute();
  return ATHLETES.map((a) => a.id);
}
