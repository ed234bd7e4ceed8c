import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type SampleTrick = {
  name: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  difficulty: number;
  description: string;
  steps: string[];
  tips: string[];
  /** A YouTube search for tutorials rather than one video id, so the link never goes stale. */
  video_url: string | null;
};

const search = (terms: string) => `https://www.youtube.com/results?search_query=${encodeURIComponent(terms)}`;

const TRICKS: Record<string, SampleTrick[]> = {
  surfing: [
    {
      name: 'Pop-Up',
      level: 'Beginner',
      difficulty: 2,
      description: 'Going from lying on the board to standing in one quick move: the base of every wave you will ever ride.',
      steps: [
        'Paddle into the wave until you feel the board glide on its own',
        'Place your hands flat under your chest, beside the rails',
        'Push up and bring your back foot forward over the tail pad',
        'Swing your front foot between your hands in one motion',
        'Stand up with knees bent and eyes on the horizon',
      ],
      tips: ['Practise on the sand twenty times before each session', 'Never kneel on the way up: it stalls the board'],
      video_url: search('surf pop up tutorial'),
    },
    {
      name: 'Bottom Turn',
      level: 'Intermediate',
      difficulty: 4,
      description: 'The first turn at the foot of the wave that sets up speed and line for every manoeuvre after it.',
      steps: [
        'Drop in with your weight centred and knees low',
        'Look down the line where you want to go',
        'Compress and lean onto your rail through the flats',
        'Release the pressure as you climb back up the face',
      ],
      tips: ['Lead the turn with your head and shoulders', 'A deeper bottom turn gives a bigger top turn'],
      video_url: null,
    },
    {
      name: 'Cutback',
      level: 'Intermediate',
      difficulty: 6,
      description: 'A round turn back towards the breaking part of the wave to stay in the power pocket.',
      steps: [
        'Build speed on the open face',
        'Shift your weight to your heels and open your shoulders towards the whitewater',
        'Hold the rail through the arc until you face the curl',
        'Rebound off the whitewater and turn back down the line',
      ],
      tips: ['Keep your back arm pointing where you want to go', 'Do not stop halfway: commit to the full arc'],
      video_url: search('surf cutback tutorial'),
    },
    {
      name: 'Aerial',
      level: 'Advanced',
      difficulty: 9,
      description: 'Launching off the lip of the wave, flying above it and landing back on the face.',
      steps: [
        'Pick a section that is about to close out',
        'Generate maximum speed with two or three pumps',
        'Aim straight up the face and hit the lip at an angle',
        'Pull your knees to your chest and grab the rail if needed',
        'Spot your landing and absorb it on the flats with bent knees',
      ],
      tips: ['Onshore wind ramps help your first airs', 'Land with your weight over the front foot'],
      video_url: null,
    },
  ],
  skateboarding: [
    {
      name: 'Ollie',
      level: 'Beginner',
      difficulty: 3,
      description: 'The jump without hands that nearly every street trick is built on.',
      steps: [
        'Back foot on the tail, front foot just behind the front bolts',
        'Crouch down with your shoulders level',
        'Snap the tail hard against the ground',
        'Slide your front foot up towards the nose to level the board',
        'Lift your knees and land over the bolts',
      ],
      tips: ['Start by practising stationary on grass or a carpet', 'The jump and the pop happen at the same moment'],
      video_url: search('how to ollie skateboard'),
    },
    {
      name: 'Kickflip',
      level: 'Intermediate',
      difficulty: 5,
      description: 'An ollie in which the board spins a full turn along its length under your feet.',
      steps: [
        'Set your front foot angled with the toes hanging slightly off the heel edge',
        'Pop the tail like an ollie',
        'Flick off the heel-side corner of the nose',
        'Jump high to let the board rotate',
        'Catch it with your back foot and land over the bolts',
      ],
      tips: ['Flick down and out, not just out', 'Keep your shoulders parallel to the board'],
      video_url: search('how to kickflip'),
    },
    {
      name: '50-50 Grind',
      level: 'Intermediate',
      difficulty: 6,
      description: 'Grinding a ledge or rail on both trucks at once.',
      steps: [
        'Approach the ledge almost parallel with a bit of speed',
        'Ollie high enough to clear the top of the ledge',
        'Lock both trucks on the edge with your weight centred',
        'Push the nose down and ollie out at the end',
      ],
      tips: ['Wax the ledge if it sticks', 'Look at the end of the ledge, not at your feet'],
      video_url: null,
    },
    {
      name: 'Tre Flip',
      level: 'Advanced',
      difficulty: 8,
      description: 'A 360 shove-it combined with a kickflip: the board spins and flips at once.',
      steps: [
        'Back foot on the tail pocket, toes on the edge',
        'Front foot behind the bolts at an angle',
        'Scoop the tail backwards and down',
        'Give a light flick with the front foot',
        'Let the board spin and flip, then catch it with both feet',
        'Land with knees bent over the bolts',
      ],
      tips: ['Most of the spin comes from the back foot', 'Learn varial kickflips first'],
      video_url: search('how to tre flip'),
    },
  ],
  snowboarding: [
    {
      name: 'Ollie',
      level: 'Beginner',
      difficulty: 2,
      description: 'Loading the tail to spring off the snow: the key to every jump in the park and beyond.',
      steps: [
        'Ride flat with your weight centred',
        'Shift your weight onto the back foot',
        'Lift the front foot so the tail bends',
        'Spring off the tail and pull both knees up',
        'Land with both feet at once',
      ],
      tips: ['Use small bumps on the piste to practise', 'Keep your arms relaxed for balance'],
      video_url: search('snowboard ollie tutorial'),
    },
    {
      name: 'Butter',
      level: 'Beginner',
      difficulty: 3,
      description: 'Spinning on the nose or tail while the board stays on the snow.',
      steps: [
        'Ride slowly on a gentle slope',
        'Shift your weight over the nose',
        'Twist your upper body in the direction of rotation',
        'Let the tail follow round and land flat',
      ],
      tips: ['A soft board makes it much easier', 'Keep the edges flat to avoid catching one'],
      video_url: null,
    },
    {
      name: 'Frontside 360',
      level: 'Intermediate',
      difficulty: 6,
      description: 'A full turn in the air, rotating towards the front of your body.',
      steps: [
        'Approach the kicker at a steady speed',
        'Wind up your shoulders against the rotation',
        'Pop off the lip while unwinding your shoulders',
        'Pull your knees up and look over your lead shoulder',
        'Spot the landing and ride away',
      ],
      tips: ['Start on a small jump', 'Keep your head turning: the body follows the eyes'],
      video_url: search('snowboard frontside 360 tutorial'),
    },
    {
      name: 'Backside 720',
      level: 'Advanced',
      difficulty: 9,
      description: 'Two full backside turns in the air on a large kicker.',
      steps: [
        'Choose a kicker that gives you plenty of airtime',
        'Carve on your heel edge before the lip',
        'Pop and initiate the rotation with your shoulders',
        'Pull in tight with a grab to speed up the spin',
        'Open up to slow the rotation and spot the landing',
      ],
      tips: ['Master the backside 360 on the same jump first', 'Wear a helmet and back protector'],
      video_url: null,
    },
  ],
};

export async function seedTrickSamples(tx: Kysely<DB>, authorIds: string[]): Promise<void> {
  await tx
    .insertInto('tricks')
    .values(
      Object.entries(TRICKS).flatMap(([discipline_id, tricks]) =>
        tricks.map((trick, i) => ({
          ...trick,
          steps: JSON.stringify(trick.steps),
          tips: JSON.stringify(trick.tips),
          discipline_id,
          author_id: authorIds[i % authorIds.length]!,
          status: 'approved' as const,
        })),
      ),
    )
    .execute();
}
