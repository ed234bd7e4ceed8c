import { expect, test } from 'vitest';
import type { Notification } from '../../../common/notifications.ts';
import { notificationSentence } from './notification-sentence.ts';

const tag = (data: Notification['data']): Notification => ({
  id: 1,
  type: 'session_tag',
  actor: { id: 'a', name: 'Kai', avatarUrl: null },
  subjectType: 'session',
  subjectId: 's',
  data: { itemName: 'La Gravière', ...data },
  read: false,
  createdAt: new Date(0).toISOString(),
});

// Issue 37, hole 7: one rider's tags fold into one notification, whose sentence says how many it stands for.
test("a folded tag says how many sessions, in the reader's plural; a single one reads as before", () => {
  expect(notificationSentence('en', tag({}))).toBe('Kai tagged you in a session at La Gravière');
  expect(notificationSentence('en', tag({ count: 3 }))).toBe('Kai tagged you in 3 sessions, the latest at La Gravière');
  expect(notificationSentence('ru', tag({ count: 3 }))).toBe('Kai: вы отмечены в 3 сессиях, последняя в La Gravière');
  expect(notificationSentence('ar', tag({ count: 2 }))).toBe('أشار إليك Kai في جلستين، آخرهما في La Gravière');
});
