#!/usr/bin/env node
// Draws the catalog's house illustrations (SVG, 640×400) from a few
// parameters per design, so the set stays consistent and is easy to extend.
//   node scripts/draw-design-art.mjs   → writes assets/designs/<slug>.svg
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'designs');

/** One entry per illustration: the house's shape and palette. */
const ART = [
  {
    slug: 'sahel-courtyard-house',
    title: 'Courtyard house',
    roof: 'flat',
    storeys: 1,
    width: 380,
    wall: '#e9c9a1',
    roofColor: '#a0522d',
    sky: ['#ffd9a0', '#fff4e0'],
    trees: 'palm',
  },
  {
    slug: 'coastal-stilt-house',
    title: 'Coastal house',
    roof: 'gable',
    storeys: 2,
    width: 260,
    wall: '#f6f1e7',
    roofColor: '#2f6f8f',
    sky: ['#a8dcf0', '#eefaff'],
    trees: 'palm',
    water: true,
  },
  {
    slug: 'urban-narrow-house',
    title: 'Narrow town house',
    roof: 'flat',
    storeys: 3,
    width: 170,
    wall: '#d9dde3',
    roofColor: '#4a5568',
    sky: ['#c4d7ee', '#f2f6fb'],
    trees: 'none',
  },
  {
    slug: 'garden-cottage',
    title: 'Garden cottage',
    roof: 'gable',
    storeys: 1,
    width: 280,
    wall: '#fff3d6',
    roofColor: '#7a3b2e',
    sky: ['#bfe3ff', '#f0f9ff'],
    trees: 'round',
  },
  {
    slug: 'two-storey-family-home',
    title: 'Family home',
    roof: 'hip',
    storeys: 2,
    width: 330,
    wall: '#f2e2cf',
    roofColor: '#8c3b2a',
    sky: ['#bde0fe', '#eef7ff'],
    trees: 'round',
  },
  {
    slug: 'eco-earth-house',
    title: 'Earth-block house',
    roof: 'gable',
    storeys: 1,
    width: 320,
    wall: '#c98d5b',
    roofColor: '#5b7f3a',
    sky: ['#cfe9c8', '#f4fbf2'],
    trees: 'round',
    solar: true,
  },
  {
    slug: 'rooftop-terrace-house',
    title: 'Rooftop terrace house',
    roof: 'flat',
    storeys: 2,
    width: 300,
    wall: '#ffffff',
    roofColor: '#1f4e8c',
    sky: ['#9fd3ff', '#e9f6ff'],
    trees: 'palm',
    terrace: true,
  },
  {
    slug: 'semi-detached-pair',
    title: 'Semi-detached houses',
    roof: 'gable',
    storeys: 2,
    width: 400,
    wall: '#e8d8c4',
    roofColor: '#6b4f3a',
    sky: ['#c9def5', '#f3f8fd'],
    trees: 'round',
    twin: true,
  },
  {
    slug: 'solar-ready-bungalow',
    title: 'Solar-ready bungalow',
    roof: 'gable',
    storeys: 1,
    width: 360,
    wall: '#f4ead7',
    roofColor: '#39424e',
    sky: ['#ffe7a8', '#fff9e8'],
    trees: 'palm',
    solar: true,
  },
  {
    slug: 'courtyard-apartments',
    title: 'Small apartment block',
    roof: 'flat',
    storeys: 3,
    width: 360,
    wall: '#e3e7ec',
    roofColor: '#3d4a5c',
    sky: ['#b9d5f2', '#eef5fc'],
    trees: 'round',
  },
  {
    slug: 'hill-view-villa',
    title: 'Villa with a view',
    roof: 'hip',
    storeys: 2,
    width: 380,
    wall: '#fbf4ea',
    roofColor: '#b5533c',
    sky: ['#a7d8ff', '#f0f9ff'],
    trees: 'palm',
    pool: true,
  },
  {
    slug: 'poolside-luxury-villa',
    title: 'Poolside villa',
    roof: 'flat',
    storeys: 2,
    width: 420,
    wall: '#ffffff',
    roofColor: '#2d3748',
    sky: ['#8ccfff', '#e6f5ff'],
    trees: 'palm',
    pool: true,
    terrace: true,
  },
  {
    slug: 'farmhouse-with-veranda',
    title: 'Farmhouse with a veranda',
    roof: 'gable',
    storeys: 1,
    width: 400,
    wall: '#f7e6c4',
    roofColor: '#7d2e20',
    sky: ['#ffe0b2', '#fff6e8'],
    trees: 'round',
    veranda: true,
  },
  {
    slug: 'micro-home',
    title: 'Micro home',
    roof: 'gable',
    storeys: 1,
    width: 180,
    wall: '#dfeee2',
    roofColor: '#2f5d50',
    sky: ['#c6e6ff', '#f1f9ff'],
    trees: 'round',
  },
  {
    slug: 'smart-home-retrofit',
    title: 'Smart home',
    roof: 'hip',
    storeys: 2,
    width: 320,
    wall: '#eef1f6',
    roofColor: '#283b58',
    sky: ['#1f2d4d', '#45608f'],
    trees: 'round',
    night: true,
    solar: true,
  },
  {
    slug: 'split-level-house',
    title: 'Split-level house',
    roof: 'gable',
    storeys: 2,
    width: 340,
    wall: '#efe3d3',
    roofColor: '#5a3d2b',
    sky: ['#cde6fa', '#f5fbff'],
    trees: 'palm',
    split: true,
  },
  {
    slug: 'grand-family-residence',
    title: 'Family residence',
    roof: 'hip',
    storeys: 3,
    width: 440,
    wall: '#f8efe2',
    roofColor: '#8a2f22',
    sky: ['#b3dcff', '#eef8ff'],
    trees: 'palm',
    pool: true,
  },
];

function windows(x, y, w, h, count, color) {
  const gap = w / count;
  let svg = '';
  for (let i = 0; i < count; i += 1) {
    const wx = x + gap * i + gap / 2 - 18;
    svg += `<rect x="${wx.toFixed(1)}" y="${y}" width="36" height="${h}" rx="3" fill="${color}" stroke="#fff" stroke-width="3"/>`;
  }
  return svg;
}

function tree(kind, x, ground) {
  if (kind === 'palm') {
    return `<path d="M${x} ${ground} q6 -60 2 -110" stroke="#7a5232" stroke-width="7" fill="none"/><g fill="#2f7d4f"><path d="M${x + 2} ${ground - 110} q-40 -10 -58 18 q30 -22 58 -18z"/><path d="M${x + 2} ${ground - 110} q40 -12 58 16 q-30 -20 -58 -16z"/><path d="M${x + 2} ${ground - 110} q-10 -34 -40 -40 q30 12 40 40z"/><path d="M${x + 2} ${ground - 110} q16 -34 44 -36 q-30 10 -44 36z"/></g>`;
  }
  if (kind === 'round')
    return `<rect x="${x - 4}" y="${ground - 34}" width="8" height="34" fill="#7a5232"/><circle cx="${x}" cy="${ground - 50}" r="26" fill="#3f8f5a"/><circle cx="${x - 14}" cy="${ground - 40}" r="16" fill="#2f7d4f"/>`;
  return '';
}

function house(art) {
  const ground = 330;
  const storeyHeight = 70;
  const height = storeyHeight * art.storeys;
  const x = 320 - art.width / 2;
  const top = ground - height;
  const glass = art.night ? '#ffd36e' : '#cfe6ff';
  let svg = '';
  if (art.split)
    svg += `<rect x="${x + art.width * 0.55}" y="${top - 30}" width="${art.width * 0.45}" height="${height + 30}" fill="${art.wall}" stroke="#00000010"/>`;
  svg += `<rect x="${x}" y="${top}" width="${art.width}" height="${height}" fill="${art.wall}" stroke="#00000014"/>`;
  if (art.twin) svg += `<rect x="318" y="${top}" width="4" height="${height}" fill="#00000022"/>`;
  for (let storey = 0; storey < art.storeys; storey += 1) {
    const y = top + storey * storeyHeight + 16;
    svg += windows(x, y, art.width, 38, Math.max(2, Math.round(art.width / 90)), glass);
  }
  svg += `<rect x="${312 - 14}" y="${ground - 62}" width="44" height="62" rx="3" fill="#7b4a2e"/>`;
  const eave = 18;
  if (art.roof === 'gable')
    svg += `<path d="M${x - eave} ${top + 4} L320 ${top - 70} L${x + art.width + eave} ${top + 4}Z" fill="${art.roofColor}"/>`;
  if (art.roof === 'hip')
    svg += `<path d="M${x - eave} ${top + 4} L${x + art.width * 0.25} ${top - 50} L${x + art.width * 0.75} ${top - 50} L${x + art.width + eave} ${top + 4}Z" fill="${art.roofColor}"/>`;
  if (art.roof === 'flat') svg += `<rect x="${x - 8}" y="${top - 12}" width="${art.width + 16}" height="14" fill="${art.roofColor}"/>`;
  if (art.terrace)
    svg += `<g stroke="${art.roofColor}" stroke-width="3">${Array.from({ length: 9 }, (_, i) => `<path d="M${x + 10 + i * ((art.width - 20) / 8)} ${top - 12} v-22"/>`).join('')}<path d="M${x + 6} ${top - 34} H${x + art.width - 6}"/></g>`;
  if (art.solar)
    svg += `<g fill="#1f3b63" stroke="#9fb6d6" stroke-width="2"><rect x="${x + art.width * 0.2}" y="${top - 36}" width="60" height="24" transform="skewX(-20)"/><rect x="${x + art.width * 0.2 + 66}" y="${top - 36}" width="60" height="24" transform="skewX(-20)"/></g>`;
  if (art.veranda)
    svg += `<rect x="${x - 10}" y="${ground - 74}" width="${art.width + 20}" height="10" fill="${art.roofColor}"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${x + i * (art.width / 4) - 3}" y="${ground - 64}" width="6" height="64" fill="#8b6b4a"/>`).join('')}`;
  return svg;
}

function draw(art) {
  const [skyTop, skyBottom] = art.sky;
  const ground = art.night ? '#35594a' : '#8cc084';
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img"><title>${art.title}</title>`,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    '<rect width="640" height="400" fill="url(#s)"/>',
    art.night ? '<circle cx="540" cy="70" r="24" fill="#f4f1de"/>' : '<circle cx="560" cy="70" r="30" fill="#ffd36e"/>',
    `<path d="M0 320 Q160 306 320 320 T640 320 V400 H0Z" fill="${ground}"/>`,
    art.water ? '<path d="M0 360 Q80 350 160 360 T320 360 T480 360 T640 360 V400 H0Z" fill="#5fb3d9"/>' : '',
    house(art),
    art.pool ? '<rect x="400" y="340" width="160" height="30" rx="8" fill="#6cc7e8" stroke="#fff" stroke-width="4"/>' : '',
    '<rect x="120" y="328" width="400" height="8" fill="#cfc6b8"/>',
    tree(art.trees, 70, 330),
    tree(art.trees, 590, 330),
    '</svg>',
  ];
  return parts.join('');
}

for (const art of ART) writeFileSync(join(out, `${art.slug}.svg`), `${draw(art)}\n`);
console.log(`drew ${ART.length} illustrations in ${out}`);
