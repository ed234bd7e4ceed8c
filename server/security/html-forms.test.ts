import { describe, expect, test } from 'vitest';
import { formsTestKit } from '../test/forms-kit.ts';

// Issue 17 item 2: the actions of the public pages (join, leave, request, invitation answers, RSVP,
// like, rate, comment, follow) are plain HTML POST forms: same-origin only, answered with a redirect
// back (never to another site) and a flash message; a visitor is sent to log in and back.

const { call, user, team, place, event, post, flashOf, expectBack, teamOf, eventOf, placeReactions, comments, myScore, profileOf } = formsTestKit();

describe('teams: join, request, cancel, leave, answer an invitation', () => {
  test('join a public team, then leave it', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader);
    const back = `/team/${crew.id}`;
    expectBack(await post('join-team', { id: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.welcome', text: 'teams.toast.joined' });
    expect((await teamOf(crew.id, rider)).myRole).toBe('member');
    expectBack(await post('leave-team', { id: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.left' });
    expect((await teamOf(crew.id, rider)).myRole).toBeNull();
  });

  test('request to join a private team, then cancel the request', async () => {
    const leader = await user();
    const rider = await user();
    const crew = await team(leader, true);
    const back = `/team/${crew.id}`;
    expectBack(await post('join-team', { id: crew.id, back }, rider), back, { kind: 'success', title: 'teams.requestSent', text: 'teams.requestSentText' });
    expect((await teamOf(crew.id, rider)).myRequest).toBe('pending');
    expectBack(await post('cancel-join-request', { id: crew.id, back }, rider), back, { kind: 'success', title: 'teams.toast.requestCancelled' });
    expect((await teamOf(crew.id, rider)).myRequest).toBeNull();
  });

  test('accept one invitation, decline another; the team is named in the message', async () => {
    const leader = await user();
    const rider = await user();
    const [one, two] = [await team(leader), await team(leader)];
    for (const crew of [one, two]) expect((await call('POST', `/api/teams/${crew.id}/members`, leader, { userId: rider.id })).statusCode).toBe(201);
    expectBack(await post('accept-invitation', { id: one.id, teamName: one.name, back: '/notifications' }, rider), '/notifications', {
      title: 'teams.invitation.joined',
      params: { team: one.name },
    });
    expect((await teamOf(one.id, rider)).myRole).toBe('member');
    expectBack(await post('decline-invitation', { id: two.id, teamName: two.name, back: '/notifications' }, rider), '/notifications', {
      title: 'teams.invitation.declined',
      params: { team: two.name },
    });
    expect(await teamOf(two.id, rider)).toMatchObject({ myRole: null, invited: false });
  });

  test('a refusal of the API comes back as its error: the leader cannot leave', async () => {
    const leader = await user();
    const crew = await team(leader);
    expectBack(await post('leave-team', { id: crew.id, back: `/team/${crew.id}` }, leader), `/team/${crew.id}`, {
      kind: 'error',
      title: 'errors.LEADER_MUST_TRANSFER',
    });
    expect((await teamOf(crew.id, leader)).myRole).toBe('leader');
  });
});

describe('events: RSVP and cancel', () => {
  test('going, then leaving the event', async () => {
    const author = await user();
    const rider = await user();
    const id = await event(author);
    const back = `/discipline/surfing/events/${id}`;
    expectBack(await post('rsvp', { id, back }, rider), back, { kind: 'success', title: 'events.toast.going' });
    expect((await eventOf(id, rider)).myRsvp).toBe('going');
    expectBack(await post('cancel-rsvp', { id, was: 'going', back }, rider), back, { kind: 'success', title: 'events.toast.left' });
    expect((await eventOf(id, rider)).myRsvp).toBeNull();
  });

  test('a full event: the waitlist and the place in line, then leaving the waitlist', async () => {
    const author = await user();
    const [first, rider] = [await user(), await user()];
    const id = await event(author, 1);
    expect((await call('PUT', `/api/events/${id}/rsvp`, first)).statusCode).toBe(200);
    expectBack(await post('rsvp', { id, back: '/events' }, rider), '/events', {
      title: 'events.toast.waitlisted',
      text: 'events.toast.position',
      params: { position: '1' },
    });
    expect((await eventOf(id, rider)).myRsvp).toBe('waitlist');
    expectBack(await post('cancel-rsvp', { id, was: 'waitlist', back: '/events' }, rider), '/events', { title: 'events.toast.leftWaitlist' });
    expect((await eventOf(id, rider)).myRsvp).toBeNull();
  });
});

describe('reactions: like, rate, comment, delete a comment', () => {
  test('like and unlike, from a card in a list (back keeps its query)', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const back = '/discipline/surfing/places?sort=newest';
    expectBack(await post('like', { type: 'place', id, back }, rider), back);
    expect(await placeReactions(id, rider)).toMatchObject({ likes: 1, liked: true });
    expectBack(await post('unlike', { type: 'place', id, back }, rider), back);
    expect(await placeReactions(id, rider)).toMatchObject({ likes: 0, liked: false });
  });

  test('rate with a score from the radio group, then remove the rating', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    expectBack(await post('rate', { type: 'place', id, score: '4', back: '/' }, rider), '/', { kind: 'success', title: 'content.rated' });
    expect(await myScore(id, rider)).toBe(4);
    expectBack(await post('unrate', { type: 'place', id, back: '/' }, rider), '/', { kind: 'success', title: 'content.rated' });
    expect(await myScore(id, rider)).toBeNull();
  });

  test('a rating without a score (no radio chosen) is refused with the validation message', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    expectBack(await post('rate', { type: 'place', id, back: '/' }, rider), '/', { kind: 'error', title: 'errors.VALIDATION_ERROR' });
  });

  test('comment, then delete one’s own comment', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const back = `/discipline/surfing/places/${id}`;
    expectBack(await post('comment', { type: 'place', id, body: 'Glassy this morning', back }, rider), back, {
      kind: 'success',
      title: 'content.commentAdded',
    });
    const [mine] = await comments(id, rider);
    expect(mine).toMatchObject({ body: 'Glassy this morning', author: { id: rider.id } });
    expectBack(await post('delete-comment', { id: mine!.id, back }, rider), back, { kind: 'success', title: 'content.commentDeleted' });
    expect(await comments(id, rider)).toEqual([]);
  });

  test('an empty comment is refused and nothing is stored', async () => {
    const author = await user();
    const rider = await user();
    const id = await place(author);
    const res = await post('comment', { type: 'place', id, body: '   ', back: '/' }, rider);
    expect(res.statusCode).toBe(303);
    expect(flashOf(res)?.kind).toBe('error');
    expect(await comments(id, rider)).toEqual([]);
  });

  test('someone else’s comment cannot be deleted', async () => {
    const author = await user();
    const [rider, other] = [await user(), await user()];
    const id = await place(author);
    expect((await call('POST', `/api/content/place/${id}/comments`, rider, { body: 'Mine' })).statusCode).toBe(201);
    const [theirs] = await comments(id, other);
    const res = await post('delete-comment', { id: theirs!.id, back: '/' }, other);
    expect(flashOf(res)?.kind).toBe('error');
    expect(await comments(id, other)).toHaveLength(1);
  });
});

describe('profiles: follow and unfollow a person', () => {
  test('follow, then unfollow; the person is named in the message', async () => {
    const rider = await user();
    const other = await user();
    const back = `/profile/${other.id}`;
    expectBack(await post('follow-person', { id: other.id, name: other.name, back }, rider), back, {
      kind: 'success',
      title: 'profile.public.followed',
      params: { name: other.name },
    });
    expect(await profileOf(other.id, rider)).toMatchObject({ isFollowing: true, followers: 1 });
    expectBack(await post('unfollow-person', { id: other.id, name: other.name, back }, rider), back, { title: 'profile.public.unfollowed' });
    expect(await profileOf(other.id, rider)).toMatchObject({ isFollowing: false, followers: 0 });
  });
});
