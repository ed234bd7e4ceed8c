import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { CONTENT, insertContent } from '../../security/catalogue.ts';
import { SHARE_CARD_QUEUE } from '../../lib/share-card-jobs.ts';
import { callerOf, RELAXED_LIMITS, signUpVerified } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { cardsDrawn, STORED_CARDS } from './share-cards.card.ts';

// Issue 39: cards are drawn ahead by the `share-card` job and stored where every process finds them.

// Every drawing of a card is counted by the card module itself: a mock of sharp would not take in
// this project, whose files share the modules they import (vitest.config.ts, isolate: false).
const drawings = cardsDrawn;

// The queue's jobs run here (drain), not by the app's workers, which would take them first.
const t = useTestApp({ ...RELAXED_LIMITS, jobs: { workers: false, schedules: false, pollSeconds: 2 } });
const call = callerOf(() => t);
const event = CONTENT.find((c) => c.type === 'event')!;
let author: Awaited<ReturnType<typeof signUpVerified>>;
let admin: Awaited<ReturnType<typeof signUpVerified>>;
beforeAll(async () => {
  author = await signUpVerified(t, { name: 'Card Job Author' });
  admin = await signUpVerified(t, { name: 'Card Job Admin' });
  await t.app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', admin.id).execute();
});
beforeEach(() => {
  drawings.count = 0;
});

const storedCards = async () => (await t.app.storage.cached.list(STORED_CARDS, { startAfter: '', limit: 10_000 })).map((f) => f.key);
const card = (id: string) => t.app.inject({ method: 'GET', url: `/api/share-cards/event/${id}.png?lang=en` });
const drain = () => t.app.jobs.drain(SHARE_CARD_QUEUE);
let seq = 0;
const name = (prefix: string) => `${prefix} ${++seq}${Math.random().toString(36).slice(2, 7)}`;

describe('share cards drawn by the job', () => {
  test('a card the job drew is served from the storage, not drawn again', async () => {
    const id = await insertContent(t.app.db, event, author, name('Stored Dawn'));
    const before = await storedCards();
    await t.app.jobs.send(SHARE_CARD_QUEUE, { type: 'event', id });
    expect(await drain()).toEqual(['drawn']);
    expect(drawings.count).toBe(1);
    const added = (await storedCards()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^share-cards\/[0-9a-f]{64}\.png$/);

    // The route (this process never drew it in memory: the job does not keep it there) reads the file.
    const served = await card(id);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals((await t.app.storage.cached.get(added[0]!))!)).toBe(true);
    expect(drawings.count).toBe(1);

    // The same text again is no new drawing, from the job either.
    await t.app.jobs.send(SHARE_CARD_QUEUE, { type: 'event', id });
    expect(await drain()).toEqual(['stored']);
    expect(drawings.count).toBe(1);
  });

  test('a card never stored is drawn by the request and stored for the other processes', async () => {
    const id = await insertContent(t.app.db, event, author, name('Unstored Dusk'));
    const before = await storedCards();
    expect((await card(id)).statusCode).toBe(200);
    expect(drawings.count).toBe(1);
    // Stored after the answer.
    await vi.waitFor(async () => expect((await storedCards()).filter((key) => !before.includes(key))).toHaveLength(1));
  });

  test("approving an item queues its card's drawing", async () => {
    const id = await insertContent(t.app.db, event, author, name('Approved Swell'), 'pending');
    const queued = await t.app.db
      .insertInto('pending_approvals')
      .values({ item_type: 'event', item_id: id, item_data: JSON.stringify({ name: 'Approved Swell' }), submitted_by: author.id })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    // Nothing queued while it waits.
    expect(await drain()).toEqual([]);
    const before = await storedCards();
    const res = await call('POST', `/api/admin/approvals/${queued.id}`, admin, { decision: 'approved', version: queued.version });
    expect(res.statusCode, res.body).toBe(200);
    // The request drew nothing; the job does.
    expect(drawings.count).toBe(0);
    expect(await drain()).toEqual(['drawn']);
    expect((await storedCards()).filter((key) => !before.includes(key))).toHaveLength(1);
    expect((await card(id)).statusCode).toBe(200);
    expect(drawings.count).toBe(1);
  });

  test('a stored card of an item hidden since is not served', async () => {
    const id = await insertContent(t.app.db, event, author, name('Withdrawn Reef'));
    const before = await storedCards();
    await t.app.jobs.send(SHARE_CARD_QUEUE, { type: 'event', id });
    expect(await drain()).toEqual(['drawn']);
    const [key] = (await storedCards()).filter((k) => !before.includes(k));
    await t.app.db.updateTable('events').set({ status: 'pending' }).where('id', '=', id).execute();
    const res = await card(id);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toBe('image/png');
    // Refused by the visitor's read: the file is still there.
    expect(await t.app.storage.cached.get(key!)).toBeDefined();
    // A job for a hidden item draws nothing.
    await t.app.jobs.send(SHARE_CARD_QUEUE, { type: 'event', id });
    expect(await drain()).toEqual(['hidden']);
    expect(drawings.count).toBe(1);
  });

  test('an edit of what the card shows queues it; an edit of anything else does not', async () => {
    const id = await insertContent(t.app.db, event, author, name('Renamed Point'));
    const edit = (body: object) => call('PATCH', `/api/events/${id}`, admin, body);
    const other = await edit({ description: 'Only the text below changes.' });
    expect(other.statusCode, other.body).toBe(200);
    expect(await drain()).toEqual([]);
    const renamed = await edit({ name: name('Renamed Again') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await drain()).toEqual(['drawn']);
  });
});
