import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type SampleReview = {
  product_name: string;
  brand: string;
  category: 'Board' | 'Wetsuit' | 'Camera' | 'Accessories';
  content: string;
  rating: number;
  overall_score: number;
  price: number;
  release_date: string;
  pros: string[];
  cons: string[];
};

const REVIEWS: Record<string, SampleReview[]> = {
  surfing: [
    {
      product_name: 'Firewire Seaside 5\'6"',
      brand: 'Firewire',
      category: 'Board',
      content: `I rode the Seaside for three months in everything from knee-high mush to overhead reef breaks.

It paddles like a much longer board thanks to the wide nose, and the quad setup keeps it loose and fast through flat sections. On steeper faces it needs a bit more rail work than a thruster, but once you find the trim line it flies.

The Helium construction has held up well: only one small pressure ding after heavy use.`,
      rating: 4.5,
      overall_score: 8.8,
      price: 845,
      release_date: '2023-04-01',
      pros: ['Paddles like a longer board', 'Very fast down the line', 'Durable construction', 'Fun in small waves'],
      cons: ['Needs rail work in steep waves', 'Pricey', 'Quad fins only'],
    },
    {
      product_name: 'Rip Curl Flashbomb 4/3',
      brand: 'Rip Curl',
      category: 'Wetsuit',
      content: `Winter in the north Atlantic is the real test for a 4/3, and the Flashbomb passed it.

The fleece lining dries in a couple of hours, so the second session of the day does not start with a cold, damp suit. The zip-free entry takes some practice, but it seals well and I barely got any flushing when duck diving.

Sizing runs slightly small around the shoulders.`,
      rating: 4.5,
      overall_score: 9.1,
      price: 489.99,
      release_date: '2023-09-01',
      pros: ['Dries very quickly', 'Warm for its thickness', 'Barely any flushing'],
      cons: ['Tricky to put on at first', 'Runs small in the shoulders'],
    },
    {
      product_name: 'GoPro HERO12 Black',
      brand: 'GoPro',
      category: 'Camera',
      content: `Mounted on the nose and on a mouth mount, the HERO12 gave me the best surf footage I have ever shot.

HyperSmooth stabilisation handles chop without any problem and the 5.3K footage leaves room to crop. Battery life is better than the previous model, good for about one long session.

Low-light footage at dawn is still noisy.`,
      rating: 4,
      overall_score: 8.4,
      price: 399,
      release_date: '2023-09-01',
      pros: ['Superb stabilisation', 'Sharp 5.3K footage', 'Better battery life', 'Waterproof without a housing'],
      cons: ['Noisy in low light', 'No GPS', 'Gets warm on land'],
    },
    {
      product_name: "Creatures of Leisure Reliance 6' Leash",
      brand: 'Creatures of Leisure',
      category: 'Accessories',
      content: `A leash is the last thing you think about until it snaps. This one has not, after a season of heavy closeouts.

The 7 mm cord is strong without dragging, the swivels do not tangle and the cuff is comfortable even after hours in the water.`,
      rating: 5,
      overall_score: 9.3,
      price: 44.95,
      release_date: '2022-11-01',
      pros: ['Very strong cord', 'Swivels never tangle', 'Comfortable cuff'],
      cons: ['Velcro wears after a season', 'Slightly heavy for small waves'],
    },
  ],
  skateboarding: [
    {
      product_name: 'Baker Brand Logo Deck 8.25"',
      brand: 'Baker',
      category: 'Board',
      content: `Seven-ply Canadian maple, medium concave and steep kicks: a classic street shape.

It pops hard for the first weeks and stays lively longer than most decks at this price. The graphic scratches off after the first session, but that is expected.

A good all-rounder for ledges, stairs and the occasional bowl session.`,
      rating: 4,
      overall_score: 8.2,
      price: 64.95,
      release_date: '2024-02-01',
      pros: ['Strong, lasting pop', 'Classic medium concave', 'Good value'],
      cons: ['Graphic scratches off fast', 'Tail chips if you primo a lot'],
    },
    {
      product_name: 'Independent Stage 11 Trucks',
      brand: 'Independent',
      category: 'Accessories',
      content: `Indys have been the standard for decades and the Stage 11 shows why.

They turn deep and stable out of the box, grind smoothly and survive brutal landings. They are on the heavy side, which you notice in flip tricks at first.

After six months of daily skating the baseplates are still solid.`,
      rating: 4.5,
      overall_score: 9,
      price: 62,
      release_date: '2021-06-01',
      pros: ['Very durable', 'Smooth grinds', 'Stable at speed', 'Great turning'],
      cons: ['Heavy', 'Bushings need breaking in'],
    },
    {
      product_name: 'Insta360 X4',
      brand: 'Insta360',
      category: 'Camera',
      content: `A 360 camera on a stick lets one person film lines that used to need a follow-cam filmer.

The invisible selfie stick trick works really well, and reframing afterwards in the app is quick. 8K 360 footage gives sharp enough 1080p reframes.

Lenses stick out and scratch easily, so buy the lens guards.`,
      rating: 4,
      overall_score: 8.5,
      price: 499.99,
      release_date: '2024-04-01',
      pros: ['Film yourself without a filmer', 'Easy reframing in the app', 'Sharp 8K footage'],
      cons: ['Exposed lenses scratch easily', 'Big files fill cards fast', 'App needed for editing'],
    },
    {
      product_name: 'Bones Reds Bearings',
      brand: 'Bones',
      category: 'Accessories',
      content: `Cheap, fast and easy to clean: the Reds are the bearings most skaters end up coming back to.

They come pre-lubricated with speed cream and roll fast straight away. The removable rubber shields make cleaning simple.

They do not love rain, so dry them after a wet session.`,
      rating: 4.5,
      overall_score: 8.7,
      price: 24.99,
      release_date: '2020-01-01',
      pros: ['Fast out of the box', 'Easy to clean', 'Excellent value'],
      cons: ['Rust if left wet', 'Shields pop out occasionally'],
    },
  ],
  snowboarding: [
    {
      product_name: 'Burton Custom Camber 158',
      brand: 'Burton',
      category: 'Board',
      content: `The Custom is the board that does everything well, and the camber version is the one for riders who like precision.

It holds an edge on hardpack, carves with confidence at speed and still pops off side hits. In deep powder you need to sit back a little, but it floats better than expected.

Not the most forgiving board for beginners.`,
      rating: 4.5,
      overall_score: 9,
      price: 659.95,
      release_date: '2023-10-01',
      pros: ['Excellent edge hold', 'Stable at speed', 'Poppy', 'Versatile all-mountain shape'],
      cons: ['Demanding for beginners', 'Sinks a little in deep powder'],
    },
    {
      product_name: 'Oakley Flight Deck L',
      brand: 'Oakley',
      category: 'Accessories',
      content: `The rimless design gives a huge field of view: you see riders coming from the side much earlier.

The Prizm lens adds contrast in flat light, which is where most goggles fail. Anti-fog works well as long as the goggle does not sit on a damp beanie.

Swapping lenses takes practice.`,
      rating: 4,
      overall_score: 8.6,
      price: 226,
      release_date: '2022-09-01',
      pros: ['Huge field of view', 'Great contrast in flat light', 'Comfortable with helmets'],
      cons: ['Lens swaps are fiddly', 'Expensive replacement lenses'],
    },
    {
      product_name: 'DJI Osmo Action 4',
      brand: 'DJI',
      category: 'Camera',
      content: `Cold kills action-camera batteries, and this is where the Osmo Action 4 shines: it kept filming through a full morning at -12 °C.

The larger sensor handles the bright snow and shady trees without blowing out, and the magnetic quick-release mount is a joy with gloves on.

The stabilisation is good, but slightly behind GoPro on very rough terrain.`,
      rating: 4.5,
      overall_score: 8.9,
      price: 299,
      release_date: '2023-08-01',
      pros: ['Battery lasts in the cold', 'Great dynamic range', 'Magnetic quick-release mount', 'Easy with gloves'],
      cons: ['Stabilisation behind GoPro on rough terrain', 'Fewer mounts available'],
    },
    {
      product_name: 'Union Force Bindings',
      brand: 'Union',
      category: 'Accessories',
      content: `The Force is the workhorse binding: responsive enough for carving and park, and nearly indestructible.

Setup is quick and the ankle straps hold well without pressure points. They are on the stiff side, which makes buttering harder.

Hardware stayed tight all season with a single check.`,
      rating: 3.5,
      overall_score: 7.8,
      price: 279.95,
      release_date: '2023-09-01',
      pros: ['Very durable', 'Responsive', 'Comfortable straps'],
      cons: ['Stiff for buttering', 'Heavier than rivals', 'Ratchets can ice up'],
    },
  ],
};

/** Four approved gear reviews for each sample discipline. */
export async function seedReviewSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  await tx
    .insertInto('reviews')
    .values(
      Object.entries(REVIEWS).flatMap(([discipline_id, reviews]) =>
        reviews.map((r, i) => ({
          ...r,
          discipline_id,
          pros: JSON.stringify(r.pros),
          cons: JSON.stringify(r.cons),
          image_url: `/images/samples/${discipline_id}-${((i + 2) % 6) + 1}.webp`,
          author_id: authorIds[(i + 1) % authorIds.length]!,
          status: 'approved' as const,
        })),
      ),
    )
    .execute();
}
