import { describe, expect, test } from 'vitest';
import type { Place, PlaceInput, PlaceList } from '../../../common/places.ts';
import { contentTestKit } from '../../test/content-kit.ts';
import { sectionSuite } from '../../test/section-suite.ts';

const kit = contentTestKit('place');
const { call, token, user } = kit;

const DISCIPLINE = 'surfing';

function input(over: Partial<PlaceInput> = {}): PlaceInput {
  return { name: `Pipeline ${token()}`, location: 'North Shore, Oahu', latitude: 21.665, longitude: -158.053, ...over };
}

const { add: addPlace } = sectionSuite<Place, PlaceInput, PlaceList>({
  kit,
  section: 'places',
  discipline: DISCIPLINE,
  otherDiscipline: 'skateboarding',
  input,
  nameField: 'name',
  created: {
    over: { imageUrl: 'https://images.example.com/pipe.jpg' },
  },
  searchable: (tag) => [{ name: `Alpha ${tag}` }, { name: 'Beta', location: `Bay ${tag.toUpperCase()}` }, { name: `Gamma ${tag}` }],
  order: 'newest',
  invalid: [
    { latitude: 90.01 },
    { latitude: -91 },
    { longitude: 180.5 },
    { longitude: -181 },
    { latitude: '12' as unknown as number },
    { name: '   ' },
    { name: 'x'.repeat(121) },
    { location: 'x'.repeat(161) },
  ],
  urlFields: ['imageUrl'],
  edit: { patch: { latitude: 10 }, kept: ['location', 'longitude', 'imageUrl'] },
  badEdits: [{ patch: { imageUrl: 'javascript:alert(1)' }, code: 'INVALID_URL' }, { patch: { latitude: 91 } }],
  adminEdit: { location: 'Maui' },
});

describe('places: their own fields', () => {
  test('accepts the coordinate limits', async () => {
    const place = await addPlace(await user(), { latitude: -90, longitude: 180 });
    expect(place).toMatchObject({ latitude: -90, longitude: 180 });
  });

  test('names are cleaned of invisible characters and doubled spaces', async () => {
    const place = await addPlace(await user(), { name: `  Jaws\u200b  ${token('spot')}  ` });
    expect(place.name).toMatch(/^Jaws spot\S+$/);
  });
});
