import { zonedTime } from '../../common/recurrence.ts';
import { field, type FormFields, type FormReader } from './actions.ts';

/**
 * The item page's plain edit form (issue 38, item 3: `?edit=1`) as its section's edit input: each
 * body below turns the section form's text fields into what the app's form sends, as the web form's
 * schema does; the section's update schema then validates it and names what it refuses, and the one
 * edit function of server/lib/content-routes.ts runs.
 */

type Body = (f: FormFields) => Record<string, unknown>;

/** The text as typed (the API trims and checks it). */
const text = (f: FormFields, name: string) => f.get(name) ?? '';
/** An empty number field is none (null); anything else its number (NaN goes as null, which the API refuses where one is required). */
const num = (f: FormFields, name: string) => (field(f, name) === '' ? null : Number(field(f, name).replace(',', '.')));
/** One entry a line. */
const lines = (f: FormFields, name: string) =>
  text(f, name)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const orNull = (f: FormFields, name: string) => field(f, name) || null;

/**
 * A datetime-local field is a wall-clock time: read on the clock of the zone the form was drawn in
 * (its hidden `timeZone`), as the app reads it on the browser's. Untouched, it is not sent, so a
 * save changes no date the person did not change.
 */
function dateOf(f: FormFields, name: string): string | undefined {
  const value = field(f, name);
  if (value === field(f, `${name}Was`)) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  try {
    return zonedTime({ year, month, day, hour, minute, second: 0 }, field(f, 'timeZone') || 'UTC').toISOString();
  } catch {
    return value;
  }
}

const BODIES: Record<string, Body> = {
  places: (f) => {
    const audience = field(f, 'audience');
    const crew = audience.startsWith('crew:') ? audience.slice('crew:'.length) : null;
    return {
      name: text(f, 'name'),
      location: text(f, 'location'),
      latitude: num(f, 'latitude'),
      longitude: num(f, 'longitude'),
      imageUrl: field(f, 'imageUrl'),
      visibility: crew ? 'crew' : audience || 'public',
      teamId: crew,
    };
  },
  events: (f) => ({
    name: text(f, 'name'),
    description: text(f, 'description'),
    location: text(f, 'location'),
    type: field(f, 'type'),
    startDate: dateOf(f, 'startDate'),
    endDate: dateOf(f, 'endDate'),
    price: num(f, 'price'),
    maxAttendees: num(f, 'maxAttendees'),
    imageUrl: field(f, 'imageUrl'),
    placeId: orNull(f, 'placeId'),
    // A single event has no choice: the API ignores it there.
    applyTo: field(f, 'applyTo') === 'following' ? 'following' : undefined,
  }),
  tricks: (f) => ({
    name: text(f, 'name'),
    description: text(f, 'description'),
    level: field(f, 'level'),
    difficulty: num(f, 'difficulty'),
    steps: lines(f, 'steps'),
    tips: lines(f, 'tips'),
    videoUrl: field(f, 'videoUrl'),
  }),
  reviews: (f) => {
    // The month field cannot show a day: an untouched month keeps the stored day (sent as it was).
    const month = field(f, 'releaseDate');
    return {
      productName: text(f, 'productName'),
      brand: text(f, 'brand'),
      category: field(f, 'category'),
      content: text(f, 'content'),
      rating: num(f, 'rating'),
      overallScore: num(f, 'overallScore'),
      price: num(f, 'price'),
      releaseDate: month === field(f, 'releaseDateWas').slice(0, 7) ? undefined : month ? `${month}-01` : null,
      pros: lines(f, 'pros'),
      cons: lines(f, 'cons'),
      imageUrl: field(f, 'imageUrl'),
    };
  },
  shops: (f) => ({
    name: text(f, 'name'),
    description: text(f, 'description'),
    location: text(f, 'location'),
    establishedYear: num(f, 'establishedYear'),
    sponsoredAthletes: num(f, 'sponsoredAthletes') ?? 0,
    specialties: lines(f, 'specialties'),
    brands: lines(f, 'brands'),
    email: field(f, 'email'),
    phone: field(f, 'phone'),
    website: field(f, 'website'),
    imageUrl: field(f, 'imageUrl'),
  }),
  articles: (f) => ({ title: text(f, 'title'), content: text(f, 'content'), imageUrl: field(f, 'imageUrl') }),
};

/**
 * How the item page's plain edit form of `section` becomes its edit's input (common/content-basics.ts
 * `editItemAction`): which item (`id`), and the section's fields as its app form would send them.
 */
export function itemForm(section: string): FormReader {
  const body = Object.hasOwn(BODIES, section) ? BODIES[section]! : () => ({});
  return (fields) => ({ id: field(fields, 'id'), ...body(fields) });
}
