import { describe, expect, test } from 'vitest';
import { shareTags } from './share-preview.ts';

describe('share preview tags', () => {
  const page = 'https://stoked.example/discipline/surfing/events/1';

  test('what people wrote stays inside its attribute and its script element', () => {
    const hostile = '"><script>alert(1)</script><!--';
    const head = shareTags({ title: hostile, description: hostile, structured: { '@type': 'Event', name: hostile } }, 'en', page);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<!--');
    expect(head).toContain('content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--"');
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!;
    expect((JSON.parse(json) as { name: string }).name).toBe(hostile);
  });

  test("a picture is the site's own path or an http(s) address; anything else falls back to the logo", () => {
    const image = (url: string) => /<meta property="og:image" content="([^"]*)"/.exec(shareTags({ title: 't', description: 'd', image: url }, 'en', page))![1];
    expect(image('/uploads/photos/a.webp')).toBe('https://stoked.example/uploads/photos/a.webp');
    expect(image('https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
    for (const bad of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AAAA']) expect(image(bad)).toBe('https://stoked.example/logo.png');
  });

  test("an item without a picture is previewed by its generated card, in the page's language, as a large card", () => {
    const tags = (meta: { image?: string }) => shareTags({ title: 't', description: 'd', card: '/api/share-cards/event/e1.png', ...meta }, 'ar', page);
    expect(tags({})).toContain('<meta property="og:image" content="https://stoked.example/api/share-cards/event/e1.png?lang=ar" />');
    expect(tags({})).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // Its address named by what it shows (issue 37) keeps that name.
    expect(shareTags({ title: 't', description: 'd', card: '/api/share-cards/event/e1.png?v=1a2b' }, 'ar', page)).toContain(
      '<meta property="og:image" content="https://stoked.example/api/share-cards/event/e1.png?v=1a2b&#38;lang=ar" />',
    );
    // A photo of its own comes first.
    expect(tags({ image: '/uploads/photos/a.webp' })).toContain('<meta property="og:image" content="https://stoked.example/uploads/photos/a.webp" />');
  });

  test('the structured data names its context, address and language; none without a description', () => {
    const head = shareTags({ title: 't', description: 'd', structured: { '@type': 'Place', name: 'Cove' } }, 'ar', page);
    expect(JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Place',
      name: 'Cove',
      url: page,
      inLanguage: 'ar',
    });
    expect(shareTags({ title: 't', description: 'd' }, 'en', page)).not.toContain('ld+json');
  });
});
