// Draws the sample pictures shipped with the seed (web/public/images/samples): no hot-linked photos.
// Run once after changing it: npx tsx scripts/make-sample-images.ts
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../web/public/images/samples');
const W = 800;
const H = 500;

// Per discipline: sky colours and the shape of its ground (waves, ramps, slopes).
const SCENES: Record<string, { skies: [string, string][]; ground: (i: number) => string; groundColor: string[] }> = {
  surfing: {
    skies: [
      ['#0ea5e9', '#fde68a'],
      ['#0369a1', '#f9a8d4'],
      ['#38bdf8', '#ecfeff'],
      ['#1e3a8a', '#fb923c'],
      ['#0891b2', '#fef3c7'],
      ['#155e75', '#fdba74'],
    ],
    ground: (i) => `M0 ${300 + i * 8} C 150 ${220 - i * 6}, 300 ${380}, 450 ${290} S 700 ${200 + i * 10}, 800 ${300} L800 500 L0 500 Z`,
    groundColor: ['#0284c7', '#0e7490', '#0369a1', '#1d4ed8', '#0891b2', '#155e75'],
  },
  skateboarding: {
    skies: [
      ['#a855f7', '#fde047'],
      ['#6d28d9', '#fca5a5'],
      ['#7c3aed', '#f0abfc'],
      ['#4c1d95', '#fdba74'],
      ['#9333ea', '#e9d5ff'],
      ['#581c87', '#fcd34d'],
    ],
    ground: (i) =>
      `M0 380 L${220 + i * 20} 380 Q ${360 + i * 10} 380, ${420 + i * 10} ${230 - i * 8} L ${470 + i * 10} ${230 - i * 8} L ${470 + i * 10} 380 L800 380 L800 500 L0 500 Z`,
    groundColor: ['#475569', '#334155', '#52525b', '#44403c', '#3f3f46', '#1f2937'],
  },
  snowboarding: {
    skies: [
      ['#38bdf8', '#e0f2fe'],
      ['#1e40af', '#bfdbfe'],
      ['#0ea5e9', '#f1f5f9'],
      ['#312e81', '#c7d2fe'],
      ['#0284c7', '#f8fafc'],
      ['#1e3a8a', '#e0e7ff'],
    ],
    ground: (i) => `M0 ${260 + i * 10} L ${250 + i * 15} ${120 + i * 12} L ${520 - i * 10} ${330 - i * 6} L 800 ${210 + i * 8} L800 500 L0 500 Z`,
    groundColor: ['#f8fafc', '#e2e8f0', '#f1f5f9', '#e0e7ff', '#ffffff', '#dbeafe'],
  },
};

for (const [discipline, scene] of Object.entries(SCENES)) {
  for (let i = 0; i < 6; i++) {
    const [top, bottom] = scene.skies[i]!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/>
      <circle cx="${120 + i * 110}" cy="${90 + (i % 3) * 30}" r="${38 + i * 4}" fill="#fff7ed" opacity="0.85"/>
      <path d="${scene.ground(i)}" fill="${scene.groundColor[i]}"/>
      <path d="${scene.ground(i)}" fill="#000" opacity="0.12" transform="translate(0 40)"/>
    </svg>`;
    await sharp(Buffer.from(svg))
      .webp({ quality: 70 })
      .toFile(path.join(OUT, `${discipline}-${i + 1}.webp`));
  }
}
console.log(`sample pictures written to ${OUT}`);
