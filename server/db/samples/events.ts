import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type SampleEvent = {
  name: string;
  description: string;
  location: string;
  type: 'Competition' | 'Meetup' | 'Festival' | 'Workshop';
  price: number;
  max_attendees: number | null;
  /** Days from now to the start (negative: already over), and how many days it lasts. */
  inDays: number;
  days: number;
  image: number;
};

// Dates are relative to the seeding day, so that most samples stay upcoming.
const EVENTS: Record<string, SampleEvent[]> = {
  surfing: [
    {
      name: 'North Shore Pro Challenge',
      description: 'Heat-by-heat competition on the best winter swell of the season, with a live commentary booth on the beach.',
      location: 'North Shore, Oahu, Hawaii',
      type: 'Competition',
      price: 45,
      max_attendees: 200,
      inDays: 12,
      days: 3,
      image: 4,
    },
    {
      name: 'Dawn Patrol Meetup',
      description: 'Early session for all levels followed by coffee and breakfast together on the sand.',
      location: 'Hossegor, France',
      type: 'Meetup',
      price: 0,
      max_attendees: 25,
      inDays: 5,
      days: 0,
      image: 5,
    },
    {
      name: 'Reading the Lineup Workshop',
      description: 'Learn to read sets, currents and priority with a certified coach, theory in the morning and practice in the afternoon.',
      location: 'Uluwatu, Bali, Indonesia',
      type: 'Workshop',
      price: 80,
      max_attendees: 12,
      inDays: 30,
      days: 1,
      image: 6,
    },
    {
      name: 'Longboard Classic Festival',
      description: 'A weekend of single-fin longboarding, live music and shapers showing their boards.',
      location: 'Malibu, California',
      type: 'Festival',
      price: 0,
      max_attendees: null,
      inDays: -20,
      days: 2,
      image: 1,
    },
  ],
  skateboarding: [
    {
      name: 'Street League Qualifier',
      description: 'Street course qualifier with best-trick finals; spectators welcome all day.',
      location: 'Barcelona, Spain',
      type: 'Competition',
      price: 30,
      max_attendees: 300,
      inDays: 18,
      days: 2,
      image: 4,
    },
    {
      name: 'Sunday Session at the Park',
      description: 'Relaxed skate session for every level; bring a friend, pads recommended.',
      location: 'Venice Beach Skatepark, Los Angeles',
      type: 'Meetup',
      price: 0,
      max_attendees: null,
      inDays: 3,
      days: 0,
      image: 5,
    },
    {
      name: 'Ollie to Kickflip Workshop',
      description: 'Two hours of coaching on pop, flick and landing, in small groups by level.',
      location: 'Southbank, London, United Kingdom',
      type: 'Workshop',
      price: 25,
      max_attendees: 15,
      inDays: 9,
      days: 0,
      image: 6,
    },
    {
      name: 'Go Skateboarding Day Jam',
      description: 'A city-wide push and jam session with a best-trick contest and a DIY spot build.',
      location: 'Copenhagen, Denmark',
      type: 'Festival',
      price: 0,
      max_attendees: null,
      inDays: -40,
      days: 1,
      image: 1,
    },
  ],
  snowboarding: [
    {
      name: 'Slopestyle Open',
      description: 'Open slopestyle contest through rails and three kickers, with amateur and pro categories.',
      location: 'Mayrhofen, Austria',
      type: 'Competition',
      price: 60,
      max_attendees: 120,
      inDays: 25,
      days: 2,
      image: 4,
    },
    {
      name: 'Powder Day Crew Ride',
      description: 'Meet at the gondola for laps in the trees whenever the fresh snow arrives.',
      location: 'Whistler Blackcomb, British Columbia, Canada',
      type: 'Meetup',
      price: 0,
      max_attendees: 20,
      inDays: 7,
      days: 0,
      image: 5,
    },
    {
      name: 'Avalanche Safety Workshop',
      description: 'Beacon, probe and shovel practice with a mountain guide before heading into the backcountry.',
      location: 'Niseko, Hokkaido, Japan',
      type: 'Workshop',
      price: 95,
      max_attendees: 10,
      inDays: 14,
      days: 1,
      image: 6,
    },
    {
      name: 'Spring Slush Festival',
      description: 'Costume contest, banked slalom and a closing party on the terrace of the last chairlift.',
      location: 'Laax, Switzerland',
      type: 'Festival',
      price: 35,
      max_attendees: 500,
      inDays: -75,
      days: 3,
      image: 1,
    },
  ],
};

const DAY = 24 * 3600 * 1000;

export async function seedEventSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  // Starts at 09:00 UTC of the day, ends at 18:00 UTC of the last day.
  const today = new Date();
  today.setUTCHours(9, 0, 0, 0);
  await tx
    .insertInto('events')
    .values(
      Object.entries(EVENTS).flatMap(([discipline_id, events]) =>
        events.map(({ inDays, days, image, ...e }, i) => {
          const start = new Date(today.getTime() + inDays * DAY);
          const end = new Date(start.getTime() + days * DAY + 9 * 3600 * 1000);
          return {
            ...e,
            discipline_id,
            start_date: start,
            end_date: end,
            image_url: `/images/samples/${discipline_id}-${image}.webp`,
            author_id: authorIds[i % authorIds.length]!,
            status: 'approved' as const,
          };
        }),
      ),
    )
    .execute();
}
