import { describe, expect, it } from 'vitest';
import { hueOf, initials, INITIALS_LIGHTNESS } from './avatar.tsx';

describe('team initials logo', () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(initials('north shore chargers')).toBe('NS');
    expect(initials('  Kite   Collective ')).toBe('KC');
    expect(initials('Skaters')).toBe('S');
  });

  it('keeps whole characters of any script', () => {
    expect(initials('浪花冲浪队')).toBe('浪');
    expect(initials('فريق أمواج')).toBe('فأ');
    expect(initials('🏄 Crew')).toBe('🏄C');
  });

  it('never returns an empty logo', () => {
    expect(initials('   ')).toBe('?');
  });

  it('gives a name the same hue every time, within the colour wheel', () => {
    expect(hueOf('Maui Dawn Patrol')).toBe(hueOf('Maui Dawn Patrol'));
    for (const name of ['a', 'Wake Warriors', '浪花冲浪队', 'x'.repeat(500)]) {
      expect(hueOf(name)).toBeGreaterThanOrEqual(0);
      expect(hueOf(name)).toBeLessThan(360);
    }
  });
});

/** WCAG relative luminance of an HSL colour (saturation and lightness in %). */
function luminance(hue: number, saturation: number, lightness: number): number {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(channel(0)) + 0.7152 * linear(channel(8)) + 0.0722 * linear(channel(4));
}

describe('initials colours', () => {
  it('white initials stand out at 4.5:1 on every hue', () => {
    for (let hue = 0; hue < 360; hue++) {
      const contrast = 1.05 / (luminance(hue, 60, INITIALS_LIGHTNESS) + 0.05);
      expect(contrast, `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
