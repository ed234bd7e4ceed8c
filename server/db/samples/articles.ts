import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type SampleArticle = { title: string; content: string };

const ARTICLES: Record<string, SampleArticle[]> = {
  surfing: [
    {
      title: 'Reading the Lineup: How to Pick Your Waves',
      content: `Paddling out is the easy part. Knowing **which** waves to go for is what separates a frustrating session from a great one.

## Watch before you paddle

Spend at least ten minutes on the beach. Count the waves in each set, note where they break first and where the channel is. The channel is your highway back out: usually a darker, calmer strip of water where waves don't break.

## Find your peak

- **The main peak** is where the best surfers sit. Respect the order there.
- **The shoulder** gives smaller, softer rides and is perfect while you warm up.
- **The inside** catches the leftovers: fine for beginners, but watch for people riding through.

## Etiquette that keeps everyone safe

1. The surfer closest to the peak has priority.
2. Never drop in on someone already riding.
3. Paddle wide, through the channel, not through the line of riders.

For daily swell and wind forecasts, [Surfline](https://www.surfline.com) is a good place to start. See you in the water!`,
    },
    {
      title: 'Choosing Your First Surfboard',
      content: `The wrong board can set your progress back by months. The right one makes every session more fun.

## Volume is everything

Volume, measured in litres, decides how well a board floats. Beginners need plenty of it: roughly your body weight in kilograms, **times one**, is a safe starting point.

## Soft-top or hard board?

- *Soft-tops* are forgiving, cheap and safe when they hit you.
- *Epoxy boards* are light and buoyant, and last a long time.
- *Polyurethane boards* feel great but ding easily.

## Length and shape

A longboard or a "mini-mal" between 7'6" and 9'0" catches waves early and is stable while you learn to pop up. Save the short, narrow boards for later.

> Buy the board for the surfer you are today, not the one you want to be next year.

Still unsure? The [Surfline board guide](https://www.surfline.com/surf-news) and your local shop are both worth a visit.`,
    },
    {
      title: 'Cold-Water Surfing: Staying Warm and Stoked',
      content: `Some of the emptiest, cleanest waves break in cold water. With the right kit, winter can be the best season of the year.

## The wetsuit

Thickness is given as two numbers, such as **5/4**: 5 mm on the torso, 4 mm on the arms and legs.

- Above 17 °C: a 3/2 full suit.
- 12 to 16 °C: a 4/3 with a chest zip.
- Below 12 °C: a 5/4 or 6/5 with a hood.

## Extremities

Boots, gloves and a hood make a huge difference. Most of the heat you lose goes through your head, hands and feet.

## Before and after

1. Change into your suit at home or in the van if you can.
2. Bring a flask of warm water to pour into your suit after the session.
3. Rinse your wetsuit in fresh water and dry it inside out, away from the sun.

Check the water temperature on [NOAA](https://www.noaa.gov) before you go, and always surf with a friend in winter.`,
    },
  ],
  skateboarding: [
    {
      title: 'Learning to Ollie, Step by Step',
      content: `The ollie is the foundation of almost every street trick. It looks like magic, but it is a sequence you can learn.

## Foot position

Put your back foot on the tail, on the ball of the foot. Your front foot sits just behind the front bolts, angled slightly.

## The movement

1. Crouch down with your weight centred.
2. **Snap** the tail hard against the ground.
3. Jump and slide your front foot up towards the nose.
4. Level the board by lifting your back knee.
5. Land with both feet over the bolts and bend your knees.

## Common problems

- *The board doesn't rise:* snap harder and jump right after.
- *The nose doesn't come up:* slide the front foot further.
- *You land off the board:* keep your shoulders parallel to it.

Practise standing still on grass or a carpet first, then rolling slowly. The [Braille Skateboarding](https://www.youtube.com/@BrailleSkateboarding) channel has great slow-motion breakdowns.`,
    },
    {
      title: 'Setting Up Your First Complete',
      content: `A complete skateboard is a deck, trucks, wheels, bearings and grip tape. Each part changes how the board feels.

## Deck width

- **7.75" to 8.0"**: light and easy to flip, for street.
- **8.25" to 8.5"**: more stable, for transition and bowls.

## Trucks and wheels

Trucks should match the deck width. Wheels are measured by diameter and hardness:

- 50–53 mm, 99A: smooth skateparks and street.
- 54–56 mm: ramps and rougher ground.
- 56 mm+ and softer (78A–87A): cruising.

## Assembly tips

1. Apply grip tape from the middle out to avoid bubbles.
2. Don't overtighten the wheel nuts: wheels should spin freely.
3. Loosen the kingpin a little if turning feels stiff.

Your local skate shop will happily help you choose. Support them: they support the scene.

More advice on [Thrasher](https://www.thrashermagazine.com).`,
    },
    {
      title: 'Skatepark Etiquette for Beginners',
      content: `Skateparks are shared spaces. A few unwritten rules keep everyone safe and the vibe friendly.

## Wait your turn

Watch the flow before dropping in. Skaters take turns on each line; when someone is about to go, let them.

## Don't sit on the obstacles

Ledges, rails and ramps are for skating. Rest on the side, and keep bags and bottles off the course.

## Beginner-friendly habits

- Skate the quieter corners during busy hours.
- Go early in the morning when the park is empty.
- Wear a **helmet**, and pads while you learn to fall.

## Give back

1. Pick up your rubbish and any you see.
2. Cheer when someone lands a trick.
3. Help a younger skater when they ask.

Find parks near you on the [Skatepark Project](https://skatepark.org) map.`,
    },
  ],
  snowboarding: [
    {
      title: 'Your First Day on a Snowboard',
      content: `Everyone falls on day one. The aim is to fall less by the afternoon, and to have fun doing it.

## Regular or goofy?

Stand with your feet together and get a friend to give you a gentle push from behind. The foot you step forward with is your **front foot**: left means regular, right means goofy.

## Skills to learn, in order

1. Strapping in while sitting on the snow.
2. Skating with one foot strapped in.
3. Side-slipping on your heel edge, then your toe edge.
4. The falling leaf: drifting side to side down the slope.
5. Linking your first turns.

## Kit checklist

- Waterproof jacket and trousers
- Helmet and goggles
- Wrist guards and padded shorts (your tailbone will thank you)

Book at least one lesson. You can find certified instructors through [AASI](https://www.thesnowpros.org) or your resort's school.`,
    },
    {
      title: 'Riding Powder: Float, Don\u2019t Fight',
      content: `Deep snow feels like surfing on a cloud, once you stop fighting it.

## Shift your weight back

Move your bindings a few centimetres towards the tail, or simply keep more weight on your back foot. The nose should stay above the snow.

## Keep your speed

Powder slows you down fast. Ride a little straighter than you would on piste, and avoid flat sections where you could get stuck.

## Technique in short

- Use your **back foot** to steer.
- Make wide, smooth turns.
- Bounce gently to get the board to rise and float.

## Safety first

1. Never ride off-piste alone.
2. Carry a transceiver, a shovel and a probe, and know how to use them.
3. Check the avalanche forecast every day.

The [European Avalanche Warning Services](https://www.avalanches.org) publish current danger levels for the Alps and beyond.`,
    },
    {
      title: 'Park Basics: Boxes, Rails and Small Jumps',
      content: `The terrain park can feel intimidating. Start small and build your confidence one feature at a time.

## Start with the small line

Most parks mark features as **small**, **medium** or **large**. Ride the small line until you can land every feature cleanly.

## Boxes before rails

Boxes are wide and flat, so they are much more forgiving than rails. Ride onto them flat-based and keep your knees soft.

## Small jumps

- Approach with steady speed: no speed checks on the run-in.
- Pop off the lip, keep your eyes on the landing.
- Land with both feet at once and absorb with your legs.

## Park etiquette

1. Call your drop with a raised hand or "dropping!".
2. Never stop below a feature or in a landing.
3. Look at a feature before you hit it for the first time.

The [Burton park tips](https://www.burton.com/us/en/blogs/stories) are a good read before your first session.`,
    },
  ],
};

const DAY = 24 * 60 * 60 * 1000;

/** Three approved articles per sample discipline, a few days apart so the newest-first order is stable. */
export async function seedArticleSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  const now = Date.now();
  await tx
    .insertInto('articles')
    .values(
      Object.entries(ARTICLES).flatMap(([discipline_id, articles], d) =>
        articles.map((a, i) => ({
          title: a.title,
          content: a.content,
          discipline_id,
          image_url: `/images/samples/${discipline_id}-${i + 4}.webp`,
          author_id: authorIds[(i + d) % authorIds.length]!,
          status: 'approved' as const,
          created_at: new Date(now - (i * 3 + d + 1) * DAY),
        })),
      ),
    )
    .execute();
}
