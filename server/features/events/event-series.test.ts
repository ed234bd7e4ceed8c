import { describe, expect, test } from 'vitest';
import type { Event, EventInput, EventList, RepeatInput } from '../../../common/events.ts';
import { contentTestKit, expectError, type User } from '../../test/content-kit.ts';

// Recurring events (issue 21, item 5): a series of dates, approved as one, edited one date at a time
// or from a date on, shortened from a date on.

const kit = contentTestKit('event');
const { call, token, user } = kit;
const DISCIPLINE = 'surfing';
const PARIS = 'Europe/Paris';
// Tuesday 16 March 2027, 18:00 in Paris (winter time); its clocks go forward on 28 March.
const FIRST = '2027-03-16T17:00:00.000Z';
const FIRST_END = '2027-03-16T19:00:00.000Z';

function input(tag: string, repeat: RepeatInput | null, over: Partial<EventInput> = {}): EventInput {
  return {
    name: `Tuesday ride ${tag}`,
    description: 'Every week at the reef.',
    location: 'Hossegor',
    startDate: FIRST,
    endDate: FIRST_END,
    type: 'Meetup',
    price: 0,
    maxAttendees: null,
    repeat,
    ...over,
  };
}

const weekly = (count = 4): RepeatInput => ({ frequency: 'weekly', count, timeZone: PARIS });

async function addSeries(author: User, tag: string, repeat: RepeatInput = weekly()): Promise<Event> {
  const res = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, input(tag, repeat));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

/** A contributor's series, approved, with its dates as everyone sees them. */
async function approvedSeries(name: string, count: number) {
  const author = await user();
  const tag = token(name);
  const first = await addSeries(author, tag, weekly(count));
  await kit.decide(first.id, 'approved');
  return { author, tag, first, seen: await dates(tag) };
}

/** The changes waiting for review on the date `id`, if any. */
const pendingChanges = async (id: string) =>
  (await kit.t.app.db
    .selectFrom('pending_revisions')
    .select(['id', 'changes', 'version'])
    .where('item_id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()) ?? null;

/** The series' dates as `who` sees them in the list, in date order. */
async function dates(tag: string, who: User | null = null): Promise<Event[]> {
  const res = await call('GET', `/api/disciplines/${DISCIPLINE}/events?q=${tag}&limit=50`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as EventList).items;
}

const patch = (id: string, who: User, body: Record<string, unknown>) => call('PATCH', `/api/events/${id}`, who, body);

describe('recurring events', () => {
  test('a weekly series is one event per date, at the same wall-clock time across a change of the clocks', async () => {
    const tag = token('weekly');
    const first = await addSeries(kit.admin, tag);
    expect(first.series).toMatchObject({ frequency: 'weekly', count: 4, position: 1, timeZone: PARIS, detached: false });
    const seen = await dates(tag);
    expect(seen.map((e) => [e.startDate, e.endDate])).toEqual([
      [FIRST, FIRST_END],
      ['2027-03-23T17:00:00.000Z', '2027-03-23T19:00:00.000Z'],
      // Summer time: 18:00 in Paris is 16:00 UTC.
      ['2027-03-30T16:00:00.000Z', '2027-03-30T18:00:00.000Z'],
      ['2027-04-06T16:00:00.000Z', '2027-04-06T18:00:00.000Z'],
    ]);
    expect(seen.map((e) => e.series?.position)).toEqual([1, 2, 3, 4]);
    expect(new Set(seen.map((e) => e.series?.id)).size).toBe(1);
  });

  test("a contributor's series waits as one item; approving it publishes every date, rejecting hides them all", async () => {
    const author = await user();
    const tag = token('queued');
    const first = await addSeries(author, tag);
    expect(first.status).toBe('pending');
    expect(await dates(tag)).toEqual([]);
    expect((await dates(tag, author)).map((e) => e.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const ids = (await dates(tag, author)).map((e) => e.id);
    const queued = await kit.t.app.db.selectFrom('pending_approvals').select('item_id').where('item_id', 'in', ids).execute();
    expect(queued).toEqual([{ item_id: first.id }]);
    await kit.decide(first.id, 'approved');
    expect((await dates(tag)).map((e) => e.status)).toEqual(['approved', 'approved', 'approved', 'approved']);

    const other = token('rejected');
    const refused = await addSeries(author, other);
    await kit.decide(refused.id, 'rejected');
    expect(await dates(other)).toEqual([]);
    expect((await dates(other, author)).map((e) => e.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
  });

  test('deleting the date that waits for approval hands the queue to the next date', async () => {
    const author = await user();
    const tag = token('handover');
    const first = await addSeries(author, tag, weekly(3));
    expect((await call('DELETE', `/api/events/${first.id}`, author)).statusCode).toBe(204);
    const [second] = await dates(tag, author);
    expect(await kit.approvalFor(second!.id)).toBeDefined();
    await kit.decide(second!.id, 'approved');
    expect((await dates(tag)).map((e) => e.series?.position)).toEqual([2, 3]);
  });

  test('a date edited alone changes alone and keeps its own details when the series changes from an earlier date', async () => {
    const tag = token('edit');
    await addSeries(kit.admin, tag);
    const [one, two, three, four] = await dates(tag);
    const alone = await patch(three!.id, kit.admin, { location: 'La Gravière', applyTo: 'one' });
    expect(alone.statusCode, alone.body).toBe(200);
    expect((alone.json() as Event).series).toMatchObject({ position: 3, detached: true });
    expect((await dates(tag)).map((e) => e.location)).toEqual(['Hossegor', 'Hossegor', 'La Gravière', 'Hossegor']);

    // From the second date on: an hour later (19:00 in Paris), and a new name.
    const moved = await patch(two!.id, kit.admin, {
      name: `Tuesday sunset ride ${tag}`,
      startDate: '2027-03-23T18:00:00.000Z',
      endDate: '2027-03-23T20:00:00.000Z',
      applyTo: 'following',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await dates(tag);
    expect(after.map((e) => e.id)).toEqual([one!.id, two!.id, three!.id, four!.id]);
    expect(after.map((e) => e.name)).toEqual([`Tuesday ride ${tag}`, `Tuesday sunset ride ${tag}`, `Tuesday ride ${tag}`, `Tuesday sunset ride ${tag}`]);
    expect(after.map((e) => e.startDate)).toEqual([FIRST, '2027-03-23T18:00:00.000Z', three!.startDate, '2027-04-06T17:00:00.000Z']);
    expect(after[3]!.endDate).toBe('2027-04-06T19:00:00.000Z');
    // The rule moved with its dates: its first date is now at 19:00 too.
    const rule = await kit.t.app.db.selectFrom('event_series').select('starts_at').where('id', '=', one!.series!.id).executeTakeFirstOrThrow();
    expect(new Date(rule.starts_at).toISOString()).toBe('2027-03-16T18:00:00.000Z');
  });

  test('people going to a moved date hear of it; people going to a date left as it is do not', async () => {
    const tag = token('told');
    await addSeries(kit.admin, tag, weekly(3));
    const [one, two, three] = await dates(tag);
    const [early, late] = [await user(), await user()];
    expect((await call('PUT', `/api/events/${one!.id}/rsvp`, early)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${three!.id}/rsvp`, late)).statusCode).toBe(200);
    await patch(two!.id, kit.admin, { startDate: '2027-03-23T16:00:00.000Z', endDate: '2027-03-23T18:00:00.000Z', applyTo: 'following' });
    const told = async (who: User) =>
      (await kit.t.app.db.selectFrom('notifications').select('subject_id').where('user_id', '=', who.id).where('type', '=', 'event_changed').execute()).map(
        (n) => n.subject_id,
      );
    expect(await told(late)).toEqual([three!.id]);
    expect(await told(early)).toEqual([]);
  });

  test('deleting a date and the later ones shortens the series; only its editors may', async () => {
    const { author, tag, first, seen } = await approvedSeries('shorten', 5);
    const three = seen[2];
    expectError(await call('DELETE', `/api/events/${three!.id}/following`, null), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', `/api/events/${three!.id}/following`, await user()), 403, 'FORBIDDEN');
    expect((await dates(tag)).length).toBe(5);
    expect((await call('DELETE', `/api/events/${three!.id}/following`, author)).statusCode).toBe(204);
    expect((await dates(tag)).map((e) => e.series?.position)).toEqual([1, 2]);
    const rule = await kit.t.app.db.selectFrom('event_series').select('date_count').where('id', '=', first.series!.id).executeTakeFirstOrThrow();
    expect(rule.date_count).toBe(2);
    // From the first date: the whole series, and its rule with it.
    expect((await call('DELETE', `/api/events/${first.id}/following`, author)).statusCode).toBe(204);
    expect(await dates(tag)).toEqual([]);
    expect(await kit.t.app.db.selectFrom('event_series').select('id').where('id', '=', first.series!.id).execute()).toEqual([]);
  });

  test("a contributor's edit of an approved series waits for an admin, then reaches the later dates", async () => {
    const { author, tag, seen } = await approvedSeries('revision', 3);
    const two = seen[1];
    const proposed = await patch(two!.id, author, { location: 'Seignosse', applyTo: 'following' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await dates(tag)).map((e) => e.location)).toEqual(['Hossegor', 'Hossegor', 'Hossegor']);
    const revision = await pendingChanges(two!.id);
    const decided = await call('POST', `/api/admin/approvals/${revision!.id}`, kit.admin, { decision: 'approved', version: revision!.version });
    expect(decided.statusCode, decided.body).toBeLessThan(300);
    expect((await dates(tag)).map((e) => e.location)).toEqual(['Hossegor', 'Seignosse', 'Seignosse']);
  });

  test("a series is told of once as new: in its followers' feeds and its organiser's activity", async () => {
    const author = await user();
    const follower = await user();
    expect((await call('PUT', `/api/disciplines/${DISCIPLINE}/follow`, follower)).statusCode).toBeLessThan(300);
    const tag = token('once');
    const first = await addSeries(author, tag);
    await kit.decide(first.id, 'approved');
    const feed = (await call('GET', '/api/feed?limit=50', follower)).json() as { items: { kind: string; id?: string; title?: string }[] };
    expect(feed.items.filter((i) => i.kind === 'content' && i.title === `Tuesday ride ${tag}`).map((i) => i.id)).toEqual([first.id]);
    const activity = (await call('GET', `/api/profiles/${author.id}/activity`, null)).json() as { type: string; target: { id: string } }[];
    expect(activity.filter((a) => a.type === 'shared_event').map((a) => a.target.id)).toEqual([first.id]);
    // Its first date deleted, the next one is told of instead.
    expect((await call('DELETE', `/api/events/${first.id}`, author)).statusCode).toBe(204);
    const [second] = await dates(tag);
    const after = (await call('GET', `/api/profiles/${author.id}/activity`, null)).json() as { type: string; target: { id: string } }[];
    expect(after.filter((a) => a.type === 'shared_event').map((a) => a.target.id)).toEqual([second!.id]);
  });

  test('a save that changes nothing detaches no date and proposes no revision, whichever dates it names', async () => {
    const { author, seen } = await approvedSeries('unchanged', 3);
    const two = seen[1];
    const same = { name: two!.name, location: two!.location, startDate: two!.startDate, endDate: two!.endDate, price: two!.price };
    expect((await patch(two!.id, author, { ...same, applyTo: 'following' })).statusCode).toBe(200);
    expect((await patch(two!.id, author, same)).statusCode).toBe(200);
    expect(await pendingChanges(two!.id)).toBeNull();
    const saved = await patch(two!.id, kit.admin, same);
    expect((saved.json() as Event).series?.detached).toBe(false);
    // A real change names which dates it is for, beside it.
    expect((await patch(two!.id, author, { ...same, location: 'Capbreton', applyTo: 'following' })).statusCode).toBe(200);
    expect((await pendingChanges(two!.id))?.changes).toEqual({ location: 'Capbreton', applyTo: 'following' });
  });

  test('moving a date of a monthly series from then on keeps each later date in its month', async () => {
    const tag = token('monthly');
    // The 31st at 10:00 UTC: January, March, May, July.
    const res = await call(
      'POST',
      `/api/disciplines/${DISCIPLINE}/events`,
      kit.admin,
      input(tag, { frequency: 'monthly-day', count: 4, timeZone: 'UTC' }, { startDate: '2027-01-31T10:00:00.000Z', endDate: '2027-01-31T11:00:00.000Z' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [, march] = await dates(tag);
    expect(
      (await patch(march!.id, kit.admin, { startDate: '2027-03-30T10:00:00.000Z', endDate: '2027-03-30T11:00:00.000Z', applyTo: 'following' })).statusCode,
    ).toBe(200);
    expect((await dates(tag)).map((e) => e.startDate)).toEqual([
      '2027-01-31T10:00:00.000Z',
      '2027-03-30T10:00:00.000Z',
      '2027-05-30T10:00:00.000Z',
      '2027-07-30T10:00:00.000Z',
    ]);
  });

  test('a bad rule is refused with its field named, and nothing is stored', async () => {
    const author = await user();
    const tag = token('bad');
    for (const repeat of [
      { ...weekly(), count: 1 },
      { ...weekly(), count: 53 },
      { ...weekly(), count: 2.5 },
      { ...weekly(), frequency: 'daily' },
      { ...weekly(), timeZone: 'Mars/Olympus' },
      { ...weekly(), timeZone: 'Europe/Paris\r\nX-EVIL:1' },
    ]) {
      const res = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, input(tag, repeat as RepeatInput));
      expect(res.statusCode, JSON.stringify(repeat)).toBe(400);
      expect(Object.keys((res.json() as { fields?: Record<string, string> }).fields ?? {}).join()).toMatch(/^repeat\./);
    }
    expect(await dates(tag, author)).toEqual([]);
    // An update cannot make an event repeat, nor an input say which dates it changes.
    const single = await call('POST', `/api/disciplines/${DISCIPLINE}/events`, author, { ...input(tag, null), applyTo: 'following' });
    expect(single.statusCode).toBe(201);
    expect((single.json() as Event).series).toBeNull();
  });
});
