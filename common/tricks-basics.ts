/** What trick pages need without the trick schemas (common/tricks.ts): nothing here imports zod. */

export const TRICK_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type TrickLevel = (typeof TRICK_LEVELS)[number];
export const PROGRESS_STATES = ['learning', 'landed'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

// ---- Display helpers ----

export type DifficultyBand = 'easy' | 'medium' | 'hard';

/** The colour band of a 1-10 difficulty: 1-3 easy (green), 4-6 medium (orange), 7+ hard (red). */
export function difficultyBand(difficulty: number): DifficultyBand {
  if (difficulty <= 3) return 'easy';
  if (difficulty <= 6) return 'medium';
  return 'hard';
}

export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embeddable player of a YouTube or Vimeo address, or null for anything else. Hosts must match
 * exactly (youtube.com.evil.com is not YouTube) and the embed address is built from the checked id
 * alone, never from the given text.
 */
export function videoEmbed(value: string | null | undefined): VideoEmbed | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') youtube = url.searchParams.get('v') ?? undefined;
    else if (parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed')) youtube = parts[1];
  } else if (host === 'youtu.be' && parts.length === 1) {
    youtube = parts[0];
  }
  if (youtube !== undefined) {
    return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', id: youtube, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}` } : null;
  }
  let vimeo: string | undefined;
  if (VIMEO_HOSTS.has(host) && parts.length === 1) vimeo = parts[0];
  else if (host === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video') vimeo = parts[1];
  if (vimeo !== undefined && VIMEO_ID.test(vimeo)) return { provider: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}` };
  return null;
}
