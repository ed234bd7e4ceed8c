// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import en from '../../locales/en.json';
import { notify } from '../../lib/toast.ts';
import { renderAt, stubAdminApi } from '../../test/test-kit.tsx';
import { MessagesLink } from './messages-link.tsx';
import MessagesPage from './messages-page.tsx';

vi.mock('../../lib/toast.ts', async (original) => ({ ...(await original<typeof import('../../lib/toast.ts')>()), notify: vi.fn() }));

const ME = { id: 'me', name: 'Me Rider', email: 'me@example.com', role: 'user', avatarUrl: null, preferredLanguage: null };
const BEN = { id: 'ben', name: 'Ben Board', avatarUrl: null };
const CID = '11111111-1111-4111-8111-111111111111';
const at = '2025-05-01T10:00:00.000Z';

const { calls, answers, writes } = stubAdminApi({
  fallback: { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
  initial: () => ({
    'GET /api/me': { status: 200, body: { user: ME } },
    'GET /api/conversations': {
      status: 200,
      body: [{ id: CID, other: BEN, lastMessage: { body: 'See you at the reef', senderId: 'ben', createdAt: at }, unreadCount: 2 }],
    },
    [`GET /api/conversations/${CID}`]: { status: 200, body: { id: CID, other: BEN, blocked: false } },
    [`GET /api/conversations/${CID}/messages?limit=30`]: {
      status: 200,
      body: {
        items: [
          { id: 7, senderId: 'me', body: 'Surf tomorrow?', createdAt: at },
          { id: 8, senderId: 'ben', body: 'See you at the reef', createdAt: at },
        ],
        hasMore: true,
      },
    },
    [`GET /api/conversations/${CID}/messages?limit=30&before=7`]: {
      status: 200,
      body: { items: [{ id: 3, senderId: 'ben', body: 'First <b>hello</b>', createdAt: at }], hasMore: false },
    },
    [`POST /api/conversations/${CID}/read`]: { status: 204, body: null },
    'GET /api/conversations/unread-count': { status: 200, body: { count: 3 } },
  }),
});

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const openThread = () => renderAt(`/messages/${CID}`, <MessagesPage />, { routes: { '/messages/:conversationId': <MessagesPage /> } });
const composer = () => screen.getByLabelText(en.messages.composerLabel) as HTMLTextAreaElement;

describe('/messages/:conversationId', () => {
  test('shows the list and the thread, marks it read, loads older messages as text', async () => {
    openThread();
    await vi.waitFor(() => expect(screen.getAllByTestId('message-bubble')).toHaveLength(2));
    const item = within(screen.getByTestId('conversation-list')).getByTestId('conversation-item');
    expect(item.textContent).toContain('Ben Board');
    expect(item.textContent).toContain('2 unread messages');
    expect(item.getAttribute('aria-current')).toBe('page');
    const bubbles = screen.getAllByTestId('message-bubble');
    expect(bubbles.map((b) => [b.textContent, b.dataset.own])).toEqual([
      ['Surf tomorrow?', 'true'],
      ['See you at the reef', 'false'],
    ]);
    await vi.waitFor(() => expect(writes()).toEqual([{ method: 'POST', url: `/api/conversations/${CID}/read`, body: { messageId: 8 } }]));

    fireEvent.click(screen.getByRole('button', { name: en.messages.loadOlder }));
    await vi.waitFor(() => expect(screen.getAllByTestId('message-bubble')).toHaveLength(3));
    const oldest = screen.getAllByTestId('message-bubble')[0]!;
    expect(oldest.textContent).toBe('First <b>hello</b>');
    expect(oldest.querySelector('b')).toBeNull();
    expect(screen.queryByRole('button', { name: en.messages.loadOlder })).toBeNull();
  });

  test('Enter sends the trimmed text, Shift+Enter does not; a failure keeps the text', async () => {
    answers[`POST /api/conversations/${CID}/messages`] = { status: 201, body: { id: 9, senderId: 'me', body: 'Yes!', createdAt: at } };
    openThread();
    await vi.waitFor(() => expect(screen.getAllByTestId('message-bubble')).toHaveLength(2));
    const send = screen.getByRole('button', { name: en.messages.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(composer(), { target: { value: '  Yes!  ' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toBe(false);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await vi.waitFor(() => expect(screen.getAllByTestId('message-bubble')).toHaveLength(3));
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))?.body).toEqual({ body: 'Yes!' });
    expect(composer().value).toBe('');

    answers[`POST /api/conversations/${CID}/messages`] = { status: 429, body: { code: 'RATE_LIMITED', message: 'x' } };
    fireEvent.change(composer(), { target: { value: 'Too fast' } });
    fireEvent.click(send);
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('error', en.messages.sendFailed, expect.any(String)));
    expect(composer().value).toBe('Too fast');
  });

  test('shows the counter near the limit', async () => {
    openThread();
    await vi.waitFor(() => composer());
    fireEvent.change(composer(), { target: { value: 'x'.repeat(1990) } });
    expect(screen.getByTestId('message-counter').textContent).toBe('10 characters left');
  });

  test('a blocked conversation has a notice instead of the composer', async () => {
    answers[`GET /api/conversations/${CID}`] = { status: 200, body: { id: CID, other: BEN, blocked: true } };
    openThread();
    await vi.waitFor(() => expect(screen.getByText(en.messages.blockedNotice)).toBeTruthy());
    expect(screen.queryByTestId('message-composer')).toBeNull();
  });

  test('an empty list says how to start', async () => {
    answers['GET /api/conversations'] = { status: 200, body: [] };
    renderAt('/messages', <MessagesPage />);
    await vi.waitFor(() => expect(screen.getByText(en.messages.emptyTitle)).toBeTruthy());
    expect(screen.getByText(en.messages.selectConversation)).toBeTruthy();
  });
});

describe('MessagesLink', () => {
  test('shows the unread count, also in its accessible name', async () => {
    renderAt('/', <MessagesLink />);
    await vi.waitFor(() => expect(screen.getByTestId('messages-unread').textContent).toBe('3'));
    expect(screen.getByRole('link', { name: 'Messages, 3 unread' }).getAttribute('href')).toBe('/messages');
    await settle();
  });
});
