// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ArticleBody, safeUrl } from './article-body.tsx';

afterEach(cleanup);

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '[x](javascript:alert(1))',
  '[y](JaVaScRiPt:alert(1))',
  '[z](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[v](vbscript:msgbox(1))',
  '![pic](javascript:alert(1))',
  '![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<a href="javascript:alert(1)">click</a>',
  '[ref]\n\n[ref]: javascript:alert(1)',
];

function expectHarmless(container: HTMLElement) {
  expect(container.querySelector('script, svg, iframe, object, embed, style, form')).toBeNull();
  for (const element of Array.from(container.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name.toLowerCase().startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
      if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attribute.name.toLowerCase())) {
        expect(attribute.value).toMatch(/^(https?:\/\/|mailto:)/i);
      }
    }
  }
  for (const link of Array.from(container.querySelectorAll('a'))) expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
}

describe('ArticleBody', () => {
  test.each(PAYLOADS)('renders %s harmlessly', (payload) => {
    const { container } = render(<ArticleBody markdown={`# Title\n\n${payload}\n\nAfter the payload.`} />);
    expectHarmless(container);
    expect(container.textContent).toContain('After the payload.');
  });

  test('all payloads together stay inert', () => {
    const { container } = render(<ArticleBody markdown={PAYLOADS.join('\n\n')} />);
    expectHarmless(container);
    // Raw HTML is shown as text, never interpreted.
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  test('renders headings, lists, emphasis, safe links and pictures', () => {
    const { container } = render(
      <ArticleBody
        markdown={
          '# Big\n\n## Small\n\nSome **bold** text.\n\n- one\n- two\n\n[Surfline](https://www.surfline.com) and [mail](mailto:a@example.com)\n\n![wave](https://img.example.com/w.jpg)'
        }
      />,
    );
    // The page title is the only h1.
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('Big');
    expect(container.querySelector('h3')?.textContent).toBe('Small');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    const external = container.querySelector('a[href="https://www.surfline.com"]');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('a[href="mailto:a@example.com"]')?.getAttribute('target')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://img.example.com/w.jpg');
  });

  test('a link with a refused address keeps its text without a link', () => {
    const { container } = render(<ArticleBody markdown="[x](javascript:alert(1)) and [rel](/local/path)" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('x and rel');
  });

  test('safeUrl keeps only http(s) and mailto links and http(s) pictures', () => {
    const node = { type: 'element', tagName: 'a', properties: {}, children: [] } as Parameters<typeof safeUrl>[2];
    expect(safeUrl('https://a.example/x', 'href', node)).toBe('https://a.example/x');
    expect(safeUrl('mailto:a@example.com', 'href', node)).toBe('mailto:a@example.com');
    expect(safeUrl(' javascript:alert(1)', 'href', node)).toBeUndefined();
    expect(safeUrl('//evil.example/x', 'href', node)).toBeUndefined();
    expect(safeUrl('mailto:a@example.com', 'src', node)).toBeUndefined();
    expect(safeUrl('http://img.example/a.png', 'src', node)).toBe('http://img.example/a.png');
  });
});
