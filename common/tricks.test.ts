import { describe, expect, test } from 'vitest';
import { difficultyBand, videoEmbed } from './tricks-basics.ts';
import { trickFormSchema, trickInputSchema } from './tricks.ts';

describe('difficultyBand', () => {
  test.each([
    [1, 'easy'],
    [3, 'easy'],
    [4, 'medium'],
    [6, 'medium'],
    [7, 'hard'],
    [10, 'hard'],
  ] as const)('%i is %s', (difficulty, band) => {
    expect(difficultyBand(difficulty)).toBe(band);
  });
});

describe('videoEmbed', () => {
  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('%s embeds as %s', (url, embed) => {
    expect(videoEmbed(url)?.embedUrl).toBe(embed);
  });

  test.each([
    'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
    'https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be.evil.com/dQw4w9WgXcQ',
    'https://vimeo.com.evil.com/76979871',
    'https://evilvimeo.com/76979871',
    'https://user@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    'https://youtu.be/dQw4w9WgXcQ/extra',
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/123abc',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'data:text/html,youtube',
    '//www.youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://example.com/video.mp4',
    '',
    null,
  ])('%s has no embed', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });
});

describe('trick schemas', () => {
  const base = { name: 'Ollie', description: 'Pop.', level: 'Beginner', difficulty: 2, steps: ['Pop'] };

  test('difficulty must be a whole number from 1 to 10', () => {
    expect(trickInputSchema.safeParse(base).success).toBe(true);
    for (const difficulty of [0, 11, 5.5, Number.NaN]) expect(trickInputSchema.safeParse({ ...base, difficulty }).success).toBe(false);
  });

  test('the form splits steps and tips per line and drops blank lines', () => {
    const parsed = trickFormSchema.parse({ ...base, steps: 'Pop\n\n  Slide \r\nLand', tips: '', videoUrl: '' });
    expect(parsed).toMatchObject({ steps: ['Pop', 'Slide', 'Land'], tips: [], videoUrl: null });
    expect(trickFormSchema.safeParse({ ...base, steps: ' \n ', tips: '' }).success).toBe(false);
  });
});
