/**
 * A device's browser and system read off its User-Agent, so that a person can tell their devices
 * apart in the list; product names are not translated. Order matters: Edge, Opera and Samsung
 * Internet also say "Chrome", and every browser on iOS says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

export function deviceOf(userAgent: string | undefined): { browser: string | null; system: string | null } {
  const ua = (userAgent ?? '').slice(0, 500);
  return { browser: first(BROWSERS, ua), system: first(SYSTEMS, ua) };
}
