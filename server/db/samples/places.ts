import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

const PLACES: Record<string, { name: string; location: string; latitude: number; longitude: number }[]> = {
  surfing: [
    { name: 'Banzai Pipeline', location: 'North Shore, Oahu, Hawaii', latitude: 21.6649, longitude: -158.0531 },
    { name: 'Hossegor La Gravière', location: 'Hossegor, France', latitude: 43.6714, longitude: -1.4436 },
    { name: 'Uluwatu', location: 'Bali, Indonesia', latitude: -8.8154, longitude: 115.0862 },
  ],
  skateboarding: [
    { name: 'MACBA Plaza', location: 'Barcelona, Spain', latitude: 41.3829, longitude: 2.1668 },
    { name: 'Venice Beach Skatepark', location: 'Los Angeles, California', latitude: 33.9854, longitude: -118.4726 },
    { name: 'Southbank Undercroft', location: 'London, United Kingdom', latitude: 51.5065, longitude: -0.1167 },
  ],
  snowboarding: [
    { name: 'Mayrhofen Penken Park', location: 'Mayrhofen, Austria', latitude: 47.1678, longitude: 11.8477 },
    { name: 'Whistler Blackcomb', location: 'British Columbia, Canada', latitude: 50.1163, longitude: -122.9574 },
    { name: 'Niseko Grand Hirafu', location: 'Hokkaido, Japan', latitude: 42.8625, longitude: 140.6987 },
  ],
};

export async function seedPlaceSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  await tx
    .insertInto('places')
    .values(
      Object.entries(PLACES).flatMap(([discipline_id, places]) =>
        places.map((p, i) => ({
          ...p,
          discipline_id,
          image_url: `/images/samples/${discipline_id}-${i + 1}.webp`,
          author_id: authorIds[i % authorIds.length]!,
          status: 'approved' as const,
        })),
      ),
    )
    .execute();
}
