import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type SampleShop = {
  name: string;
  description: string;
  location: string;
  established_year: number;
  sponsored_athletes: number;
  specialties: string[];
  brands: string[];
  email: string | null;
  phone: string | null;
  website: string | null;
};

/** Four shops per discipline (spec §9); contacts use reserved example domains and 555 numbers. */
const SHOPS: Record<string, SampleShop[]> = {
  surfing: [
    {
      name: 'North Shore Board Co.',
      description:
        'A family-run surf shop a short walk from Pipeline. Custom shapes from the back room, rentals by the hour and honest advice on which break suits the day.',
      location: 'Haleiwa, Oahu, Hawaii',
      established_year: 1979,
      sponsored_athletes: 14,
      specialties: ['Custom shortboards', 'Ding repair', 'Board rentals'],
      brands: ['Channel Islands', 'Pyzel', 'Firewire', 'FCS', 'Vissla', 'Creatures of Leisure'],
      email: 'aloha@northshoreboard.example.com',
      phone: '+1 (808) 555-0142',
      website: 'https://northshoreboard.example.com',
    },
    {
      name: 'Ericeira Surf Lab',
      description: 'Surfboards, wetsuits and a small café in the heart of Europe’s first World Surfing Reserve. Test boards available before you buy.',
      location: 'Ericeira, Portugal',
      established_year: 2008,
      sponsored_athletes: 6,
      specialties: ['Wetsuits', 'Test boards'],
      brands: ['Sharp Eye', 'Rip Curl', 'Xcel', 'Octopus'],
      email: 'ola@ericeirasurflab.example.org',
      phone: '+351 261 555 018',
      website: 'https://ericeirasurflab.example.org',
    },
    {
      name: 'Bells Beach Surf Supply',
      description: 'Cold-water specialists on the Great Ocean Road: thick rubber, hoods, boots and step-ups for when the Southern Ocean turns on.',
      location: 'Torquay, Victoria, Australia',
      established_year: 1969,
      sponsored_athletes: 21,
      specialties: ['Cold-water wetsuits', 'Step-up boards', 'Surf coaching'],
      brands: ['Rip Curl', 'Quiksilver', 'DHD', 'JS Industries', 'O’Neill'],
      email: 'crew@bellssupply.example.net',
      phone: '+61 3 5555 0199',
      website: 'https://bellssupply.example.net',
    },
    {
      name: 'Hossegor Glisse',
      description: 'Board shop and repair bay near La Gravière, with a big second-hand rack for travelling surfers.',
      location: 'Hossegor, France',
      established_year: 1994,
      sponsored_athletes: 3,
      specialties: ['Second-hand boards', 'Repairs'],
      brands: ['Lost', 'Al Merrick'],
      email: null,
      phone: '+33 5 55 55 01 23',
      website: 'https://hossegorglisse.example.com',
    },
  ],
  skateboarding: [
    {
      name: 'Venice Concrete Skate Shop',
      description: 'Steps from the Venice skatepark: decks set up while you wait, shoe wall, and a weekly Saturday session for local kids.',
      location: 'Venice Beach, California',
      established_year: 1987,
      sponsored_athletes: 18,
      specialties: ['Complete setups', 'Skate shoes', 'Grip art'],
      brands: ['Santa Cruz', 'Independent', 'Spitfire', 'Vans', 'Powell-Peralta', 'Bones'],
      email: 'shop@veniceconcrete.example.com',
      phone: '+1 (310) 555-0177',
      website: 'https://veniceconcrete.example.com',
    },
    {
      name: 'Barcelona Street Supply',
      description: 'Core street shop near MACBA. Local brands, a tiny mini ramp in the basement and plenty of tips on the city’s best spots.',
      location: 'Barcelona, Spain',
      established_year: 2003,
      sponsored_athletes: 9,
      specialties: ['Street decks', 'Local brands'],
      brands: ['Jart', 'Polar', 'Thunder', 'Ricta'],
      email: 'hola@bcnstreetsupply.example.org',
      phone: null,
      website: 'https://bcnstreetsupply.example.org',
    },
    {
      name: 'Southbank Wheels',
      description: 'London’s go-to for bearings, wheels and longboard gear, run by skaters who grew up under the Queen Elizabeth Hall.',
      location: 'London, United Kingdom',
      established_year: 1998,
      sponsored_athletes: 5,
      specialties: ['Longboards', 'Bearings & wheels', 'Repairs'],
      brands: ['Bones', 'OJ Wheels', 'Landyachtz'],
      email: 'hello@southbankwheels.example.net',
      phone: '+44 20 7946 0123',
      website: null,
    },
    {
      name: 'Tokyo Transition',
      description: 'Bowl and transition specialists with a rental mini ramp upstairs. Big range of wide decks and soft wheels.',
      location: 'Shibuya, Tokyo, Japan',
      established_year: 2011,
      sponsored_athletes: 7,
      specialties: ['Transition setups', 'Protective gear'],
      brands: ['Evisen', 'Krooked', 'Thunder', 'Spitfire', 'Triple Eight'],
      email: 'info@tokyotransition.example.com',
      phone: '+81 3 5555 0148',
      website: 'https://tokyotransition.example.com',
    },
  ],
  snowboarding: [
    {
      name: 'Whistler Peak Riders',
      description: 'Board tuning, boot fitting and demo fleet at the base of the gondola. Early-morning wax service on powder days.',
      location: 'Whistler, British Columbia, Canada',
      established_year: 1985,
      sponsored_athletes: 16,
      specialties: ['Boot fitting', 'Tuning & waxing', 'Demo boards'],
      brands: ['Burton', 'Lib Tech', 'Never Summer', 'Union', 'Salomon', 'Smith'],
      email: 'tune@whistlerpeak.example.com',
      phone: '+1 (604) 555-0131',
      website: 'https://whistlerpeak.example.com',
    },
    {
      name: 'Chamonix Backcountry Shop',
      description: 'Splitboards, avalanche safety gear and guided tour bookings. Staff are mountain guides who ride the Vallée Blanche every week.',
      location: 'Chamonix-Mont-Blanc, France',
      established_year: 2001,
      sponsored_athletes: 4,
      specialties: ['Splitboards', 'Avalanche safety', 'Guided tours'],
      brands: ['Jones', 'Spark R&D', 'Black Diamond', 'Mammut'],
      email: 'info@chamonixbackcountry.example.org',
      phone: '+33 4 55 55 01 87',
      website: 'https://chamonixbackcountry.example.org',
    },
    {
      name: 'Park City Boardroom',
      description: 'Freestyle shop for the park crew: twin tips, jib boards and the softest flex in town, plus rail-session videos every Friday.',
      location: 'Park City, Utah',
      established_year: 1996,
      sponsored_athletes: 11,
      specialties: ['Park boards', 'Outerwear'],
      brands: ['Capita', 'Ride', 'Rome'],
      email: 'crew@pcboardroom.example.net',
      phone: '+1 (435) 555-0160',
      website: 'https://pcboardroom.example.net',
    },
    {
      name: 'Niseko Powder House',
      description: 'Powder boards and rentals for Hokkaido’s famous snow, with English- and Japanese-speaking staff.',
      location: 'Niseko, Hokkaido, Japan',
      established_year: 2009,
      sponsored_athletes: 2,
      specialties: ['Powder boards', 'Rentals'],
      brands: ['Gentemstick', 'Moss', 'K2'],
      email: 'powder@nisekohouse.example.com',
      phone: null,
      website: 'https://nisekohouse.example.com',
    },
  ],
};

export async function seedShopSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  await tx
    .insertInto('shops')
    .values(
      Object.entries(SHOPS).flatMap(([discipline_id, shops]) =>
        shops.map((s, i) => ({
          ...s,
          specialties: JSON.stringify(s.specialties),
          brands: JSON.stringify(s.brands),
          discipline_id,
          image_url: `/images/samples/${discipline_id}-${i + 3}.webp`,
          author_id: authorIds[i % authorIds.length]!,
          status: 'approved' as const,
        })),
      ),
    )
    .execute();
}
