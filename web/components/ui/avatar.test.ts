import { describe, expect, it } from 'vitest';
import { hueOf, initials } from './avatar.tsx';

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
