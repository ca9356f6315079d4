/**
 * Pictures for the demo catalog, drawn in code as SVG (no network, no image files).
 * Every function here is pure: it returns an SVG string, which the caller rasterises (e.g. with sharp).
 *
 * Cars are drawn in side profile facing right, in a local frame where x runs from the rear bumper
 * (x = 0) to the front bumper (x = length) and y = 0 is the ground, with negative y going up.
 */
import type { DemoCar, DemoCategory } from './catalog.ts';

type Body = DemoCar['body'];
/** A point with an optional corner radius used when the outline is rounded. */
type Pt = [x: number, y: number, r?: number];

interface Profile {
  length: number;
  /** Upper outline from the rear-bottom corner, over the roof, to the front-bottom corner. */
  outline: Pt[];
  /** Side glass (closed shape). */
  glass: Pt[];
  /** x of the window dividers (B/C pillars) drawn across the glass. */
  pillars: number[];
  /** x of the rear and front wheel centres. */
  wheels: [number, number];
  wheelR: number;
  /** Clearance between the wheel arch and the tyre. */
  archGap: number;
  /** y of the body's bottom edge (sill) between the wheels. */
  sill: number;
  /** x of vertical door seams, from the glass down to the sill. */
  doors: number[];
  /** x of door handles. */
  handles: number[];
  /** y of the shoulder (belt) line, just under the glass. */
  belt: number;
  headlight: { y: number; h: number; w: number };
  taillight: { y: number; h: number; w: number };
  /** Where the side mirror sits (base of the A-pillar). */
  mirror: [number, number];
  /** Pickup bed: x where the cab starts, y of the bed rail. */
  bed?: { cabX: number; railY: number };
  /** SUVs and trucks: black wheel-arch cladding (and roof rails when `roofRail` is set). */
  rugged?: boolean;
  /** y of the roof line, for roof rails from `rail[0]` to `rail[1]`. */
  roofRail?: [x0: number, x1: number, y: number];
}

const PROFILES: Record<Body, Profile> = {
  sedan: {
    length: 900,
    outline: [
      [12, -44, 14],
      [0, -112, 20],
      [10, -150, 22],
      [250, -162, 40],
      [380, -250, 60],
      [560, -254, 70],
      [690, -170, 40],
      [872, -142, 44],
      [900, -96, 18],
      [894, -44, 14],
    ],
    glass: [
      [270, -168, 8],
      [385, -240, 40],
      [555, -243, 48],
      [668, -170, 6],
    ],
    pillars: [470],
    wheels: [190, 720],
    wheelR: 66,
    archGap: 10,
    sill: -40,
    doors: [300, 470, 650],
    handles: [430, 615],
    belt: -152,
    headlight: { y: -128, h: 20, w: 60 },
    taillight: { y: -138, h: 20, w: 40 },
    mirror: [660, -172],
  },
  suv: {
    length: 904,
    outline: [
      [10, -64, 14],
      [0, -170, 18],
      [26, -300, 30],
      [76, -330, 44],
      [572, -332, 70],
      [700, -226, 36],
      [882, -206, 44],
      [904, -146, 18],
      [896, -64, 14],
    ],
    glass: [
      [62, -228, 8],
      [96, -314, 24],
      [562, -316, 48],
      [676, -230, 6],
    ],
    pillars: [200, 440],
    wheels: [190, 716],
    wheelR: 80,
    archGap: 12,
    sill: -66,
    doors: [262, 440, 664],
    handles: [400, 620],
    belt: -218,
    headlight: { y: -188, h: 24, w: 60 },
    taillight: { y: -226, h: 48, w: 26 },
    mirror: [668, -232],
    rugged: true,
    roofRail: [110, 540, -332],
  },

  hatchback: {
    length: 800,
    outline: [
      [10, -44, 12],
      [0, -124, 16],
      [24, -222, 30],
      [120, -270, 50],
      [430, -272, 60],
      [590, -170, 40],
      [772, -144, 40],
      [800, -98, 16],
      [794, -44, 12],
    ],
    glass: [
      [84, -176, 8],
      [136, -254, 30],
      [424, -256, 40],
      [568, -174, 6],
    ],
    pillars: [215, 345],
    wheels: [160, 642],
    wheelR: 64,
    archGap: 10,
    sill: -40,
    doors: [222, 345, 556],
    handles: [310, 520],
    belt: -160,
    headlight: { y: -130, h: 20, w: 54 },
    taillight: { y: -176, h: 38, w: 24 },
    mirror: [560, -176],
  },

  coupe: {
    length: 900,
    outline: [
      [12, -42, 12],
      [0, -104, 18],
      [14, -142, 24],
      [210, -154, 60],
      [430, -236, 90],
      [530, -238, 70],
      [660, -160, 40],
      [872, -130, 44],
      [900, -88, 16],
      [894, -42, 12],
    ],
    glass: [
      [268, -160, 8],
      [432, -226, 60],
      [520, -228, 40],
      [640, -162, 6],
    ],
    pillars: [410],
    wheels: [200, 712],
    wheelR: 68,
    archGap: 10,
    sill: -38,
    doors: [400, 640],
    handles: [440],
    belt: -146,
    headlight: { y: -118, h: 18, w: 64 },
    taillight: { y: -132, h: 18, w: 44 },
    mirror: [630, -164],
  },
  pickup: {
    length: 940,
    outline: [
      [8, -70, 10],
      [0, -236, 8],
      [372, -236, 6],
      [384, -352, 26],
      [590, -354, 60],
      [690, -244, 32],
      [914, -222, 40],
      [940, -160, 16],
      [934, -70, 12],
    ],
    glass: [
      [404, -254, 6],
      [408, -336, 14],
      [580, -338, 44],
      [668, -254, 6],
    ],
    pillars: [520],
    wheels: [196, 760],
    wheelR: 80,
    archGap: 14,
    sill: -66,
    doors: [520, 662],
    handles: [480, 620],
    belt: -240,
    headlight: { y: -200, h: 26, w: 60 },
    taillight: { y: -228, h: 60, w: 16 },
    mirror: [660, -256],
    bed: { cabX: 378, railY: -236 },
    rugged: true,
  },

};

// ---------------------------------------------------------------------------------------------
// Small helpers

const n = (v: number): string => String(Math.round(v * 10) / 10);

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Deterministic string hash (FNV-1a), used to vary scenes between cars. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function parseHex(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const v = /^[0-9a-f]{6}$/i.test(h) ? parseInt(h, 16) : 0x888888;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes `hex` towards `target` by `amount` (0..1). */
function mix(hex: string, target: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(target);
  const c = a.map((v, i) => Math.round(v + ((b[i] ?? v) - v) * amount));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Relative luminance 0..1 (rough), to tune highlights on very light or dark paint. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * Path through `points` with each corner rounded by its radius (a quadratic curve through the
 * corner). Open paths keep their first and last points sharp.
 */
function roundedPath(points: Pt[], closed: boolean): string {
  const count = points.length;
  const at = (i: number): Pt => points[((i % count) + count) % count]!;
  const corner = (i: number): string => {
    const [x, y, r = 0] = at(i);
    const [px, py] = at(i - 1);
    const [nx, ny] = at(i + 1);
    const d1 = Math.hypot(px - x, py - y);
    const d2 = Math.hypot(nx - x, ny - y);
    const rr = Math.min(r, d1 / 2, d2 / 2);
    if (rr <= 0) return `L${n(x)},${n(y)}`;
    const ax = x + ((px - x) / d1) * rr;
    const ay = y + ((py - y) / d1) * rr;
    const bx = x + ((nx - x) / d2) * rr;
    const by = y + ((ny - y) / d2) * rr;
    return `L${n(ax)},${n(ay)}Q${n(x)},${n(y)} ${n(bx)},${n(by)}`;
  };
  if (closed) {
    const [x0, y0] = at(0);
    const [xl, yl] = at(-1);
    let d = `M${n((x0 + xl) / 2)},${n((y0 + yl) / 2)}`;
    for (let i = 0; i < count; i++) d += corner(i);
    return `${d}Z`;
  }
  const [x0, y0] = at(0);
  const [xl, yl] = at(-1);
  let d = `M${n(x0)},${n(y0)}`;
  for (let i = 1; i < count - 1; i++) d += corner(i);
  return `${d}L${n(xl)},${n(yl)}`;
}

/** Half-width of a wheel arch where it meets the sill. */
function archHalfWidth(p: Profile): number {
  const archR = p.wheelR + p.archGap;
  const below = p.sill + p.wheelR; // sill y minus wheel-centre y (positive: sill is below centre)
  return Math.sqrt(Math.max(archR * archR - below * below, 0));
}

/** Body outline: the rounded upper outline closed by a sill with two wheel-arch cut-outs. */
function bodyPath(p: Profile): string {
  const [rear, front] = p.wheels;
  const archR = p.wheelR + p.archGap;
  const half = archHalfWidth(p);
  const points: Pt[] = [[rear - half, p.sill], ...p.outline, [front + half, p.sill]];
  const arch = (cx: number) =>
    `L${n(cx + half)},${n(p.sill)}A${n(archR)},${n(archR)} 0 1 0 ${n(cx - half)},${n(p.sill)}`;
  const top = roundedPath(points, false);
  return `${top}${arch(front)}${arch(rear)}Z`;
}

/** The dark wheel well visible around the tyre inside an arch. */
function wellPath(p: Profile, cx: number): string {
  const archR = p.wheelR + p.archGap;
  const half = archHalfWidth(p);
  return `M${n(cx - half)},${n(p.sill)}A${n(archR)},${n(archR)} 0 1 1 ${n(cx + half)},${n(p.sill)}Z`;
}

/** A tyre with a five-spoke alloy rim, centred at (cx, cy). Uses the `rim` gradient. */
function wheel(cx: number, cy: number, r: number): string {
  const rimR = r * 0.64;
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const w0 = r * 0.1;
    const w1 = r * 0.07;
    return `<path d="M${n(-w0)},0L${n(-w1)},${n(-rimR * 0.92)}L${n(w1)},${n(-rimR * 0.92)}L${n(w0)},0Z" transform="rotate(${i * 72 + 18})"/>`;
  }).join('');
  return `<g transform="translate(${n(cx)},${n(cy)})">
  <circle r="${n(r)}" fill="#15171a"/>
  <circle r="${n(r * 0.9)}" fill="none" stroke="#2a2e33" stroke-width="${n(r * 0.06)}"/>
  <circle r="${n(rimR)}" fill="url(#rim)"/>
  <circle r="${n(rimR * 0.9)}" fill="#2e3338"/>
  <g fill="url(#spoke)">${spokes}</g>
  <circle r="${n(rimR)}" fill="none" stroke="#eef1f4" stroke-opacity="0.55" stroke-width="${n(r * 0.035)}"/>
  <circle r="${n(r * 0.17)}" fill="url(#rim)" stroke="#555b62" stroke-width="${n(r * 0.02)}"/>
  <circle r="${n(r * 0.06)}" fill="#3b4046"/>
</g>`;
}

/** Roof rails from x0 to x1 sitting on the roof line at y (drawn before the body, which hides their base). */
function roofRail(x0: number, x1: number, y: number, fill: string): string {
  const feet = [x0 + 14, x1 - 14]
    .map((x) => `<rect x="${n(x - 8)}" y="${n(y - 10)}" width="16" height="14" rx="3" fill="${fill}"/>`)
    .join('');
  return `<rect x="${n(x0)}" y="${n(y - 14)}" width="${n(x1 - x0)}" height="9" rx="4.5" fill="${fill}"/>${feet}`;
}

/**
 * The car itself, drawn in its local frame. Gradient and clip ids are prefixed with `id`
 * so the same SVG can hold more than one car.
 */
function carDrawing(body: Body, paint: string, id: string): string {
  const p = PROFILES[body];
  const [rearX, frontX] = p.wheels;
  const wheelY = -p.wheelR;
  const light = luminance(paint);
  const glassTop = Math.min(...p.glass.map(([, y]) => y));
  const glassBottom = Math.max(...p.glass.map(([, y]) => y));
  const glassLeft = Math.min(...p.glass.map(([x]) => x));
  const glassRight = Math.max(...p.glass.map(([x]) => x));
  const body_d = bodyPath(p);
  const glass_d = roundedPath(p.glass, true);
  const trim = '#1c1f23';

  const seams = p.doors
    .map(
      (x) =>
        `<path d="M${n(x)},${n(glassBottom - 4)}L${n(x + 6)},${n(p.sill + 6)}" stroke="${darken(paint, 0.45)}" stroke-opacity="0.55" stroke-width="2.5" fill="none"/>`,
    )
    .join('');
  const handles = p.handles
    .map(
      (x) =>
        `<rect x="${n(x - 20)}" y="${n(p.belt + 20)}" width="40" height="9" rx="4.5" fill="${darken(paint, 0.3)}"/>` +
        `<rect x="${n(x - 18)}" y="${n(p.belt + 20)}" width="36" height="3" rx="1.5" fill="#ffffff" fill-opacity="0.35"/>`,
    )
    .join('');
  const pillars = p.pillars
    .map((x) => `<rect x="${n(x - 7)}" y="${n(glassTop - 20)}" width="14" height="${n(glassBottom - glassTop + 40)}" fill="${trim}"/>`)
    .join('');
  const { headlight: hl, taillight: tl } = p;
  const bed = p.bed
    ? `<rect x="${n(-10)}" y="${n(p.bed.railY)}" width="${n(p.bed.cabX + 10)}" height="10" fill="${darken(paint, 0.35)}"/>
       <path d="M${n(p.bed.cabX)},${n(p.bed.railY)}L${n(p.bed.cabX)},${n(p.sill + 6)}" stroke="${darken(paint, 0.45)}" stroke-opacity="0.6" stroke-width="3"/>
       <path d="M30,${n(p.bed.railY + 16)}L30,${n(p.sill + 4)}" stroke="${darken(paint, 0.45)}" stroke-opacity="0.5" stroke-width="2.5"/>`
    : '';

  const cladding = p.rugged
    ? [rearX, frontX]
        .map((x) => `<circle cx="${n(x)}" cy="${n(wheelY)}" r="${n(p.wheelR + p.archGap + 7)}" fill="none" stroke="${trim}" stroke-width="16"/>`)
        .join('') + `<rect x="-20" y="${n(p.sill - 26)}" width="${n(p.length + 40)}" height="40" fill="${trim}" fill-opacity="0.75"/>`
    : '';
  const rail = p.roofRail ? roofRail(...p.roofRail, trim) : '';

  return `<defs>
  <linearGradient id="${id}paint" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${lighten(paint, light > 0.8 ? 0.5 : 0.32)}"/>
    <stop offset="0.32" stop-color="${lighten(paint, 0.1)}"/>
    <stop offset="0.62" stop-color="${paint}"/>
    <stop offset="1" stop-color="${darken(paint, light > 0.8 ? 0.22 : 0.4)}"/>
  </linearGradient>
  <linearGradient id="${id}glass" x1="0" y1="0" x2="0.3" y2="1">
    <stop offset="0" stop-color="#56708a"/>
    <stop offset="0.55" stop-color="#26323f"/>
    <stop offset="1" stop-color="#141b23"/>
  </linearGradient>
  <clipPath id="${id}body"><path d="${body_d}"/></clipPath>
  <clipPath id="${id}glassClip"><path d="${glass_d}"/></clipPath>
</defs>
<path d="${wellPath(p, rearX)}" fill="#0e0f11"/>
<path d="${wellPath(p, frontX)}" fill="#0e0f11"/>
${rail}
<path d="${body_d}" fill="url(#${id}paint)"/>
<g clip-path="url(#${id}body)">
  <rect x="-20" y="${n(p.sill - 16)}" width="${n(p.length + 40)}" height="40" fill="${trim}" fill-opacity="0.55"/>
  ${cladding}
  <path d="M0,${n(p.belt + 2)}L${n(p.length)},${n(p.belt + 8)}" stroke="#ffffff" stroke-opacity="${light > 0.8 ? 0.7 : 0.28}" stroke-width="5" fill="none"/>
  <path d="M0,${n(p.belt + 44)}L${n(p.length)},${n(p.belt + 50)}" stroke="${darken(paint, 0.5)}" stroke-opacity="0.25" stroke-width="3" fill="none"/>
  ${seams}
  ${handles}
  ${bed}
  <rect x="${n(p.length - hl.w)}" y="${n(hl.y)}" width="${n(hl.w + 20)}" height="${n(hl.h)}" rx="${n(hl.h / 2)}" fill="#fff7d6" stroke="${trim}" stroke-width="3"/>
  <rect x="${n(p.length - hl.w + 8)}" y="${n(hl.y + 4)}" width="${n(hl.w * 0.45)}" height="${n(hl.h - 8)}" rx="${n((hl.h - 8) / 2)}" fill="#ffffff"/>
  <rect x="-20" y="${n(tl.y)}" width="${n(tl.w + 20)}" height="${n(tl.h)}" rx="${n(Math.min(tl.h, tl.w) / 2)}" fill="#c8141e" stroke="#6b0a10" stroke-width="3"/>
  <rect x="-20" y="${n(tl.y + 4)}" width="${n(tl.w + 12)}" height="${n(Math.max(tl.h * 0.3, 4))}" rx="2" fill="#ff6b6b" fill-opacity="0.8"/>
  <rect x="${n(p.length - 70)}" y="${n(p.sill - 34)}" width="60" height="8" rx="4" fill="${trim}" fill-opacity="0.8"/>
</g>
<path d="${glass_d}" fill="url(#${id}glass)" stroke="${trim}" stroke-width="6" stroke-linejoin="round"/>
<g clip-path="url(#${id}glassClip)">
  <path d="M${n(glassLeft + (glassRight - glassLeft) * 0.28)},${n(glassTop - 10)}l60,0l-90,${n(glassBottom - glassTop + 20)}l-60,0Z" fill="#ffffff" fill-opacity="0.16"/>
  <path d="M${n(glassLeft + (glassRight - glassLeft) * 0.62)},${n(glassTop - 10)}l26,0l-90,${n(glassBottom - glassTop + 20)}l-26,0Z" fill="#ffffff" fill-opacity="0.12"/>
  ${pillars}
</g>
<path d="M${n(p.mirror[0])},${n(p.mirror[1])}l6,-26q4,-6 12,-6l20,2q6,2 4,10l-8,22z" fill="url(#${id}paint)" stroke="${darken(paint, 0.4)}" stroke-opacity="0.6" stroke-width="2"/>
${wheel(rearX, wheelY, p.wheelR)}
${wheel(frontX, wheelY, p.wheelR)}`;
}

/** Shared gradients used by `wheel()`. */
const WHEEL_DEFS = `<radialGradient id="rim" cx="0.4" cy="0.35" r="0.75">
    <stop offset="0" stop-color="#f4f6f8"/>
    <stop offset="0.6" stop-color="#b8bec5"/>
    <stop offset="1" stop-color="#7b828a"/>
  </radialGradient>
  <linearGradient id="spoke" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eceff2"/>
    <stop offset="1" stop-color="#9aa1a9"/>
  </linearGradient>`;

// ---------------------------------------------------------------------------------------------
// Scene

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  farHills: string;
  nearHills: string;
}

const PALETTES: Palette[] = [
  { skyTop: '#4f9be8', skyBottom: '#d8ecff', sun: '#fff8dc', farHills: '#a9c6cf', nearHills: '#8fb89a' },
  { skyTop: '#6e8fc7', skyBottom: '#ffe1bd', sun: '#fff1c9', farHills: '#b3bccf', nearHills: '#a7b28c' },
  { skyTop: '#5fb4d4', skyBottom: '#eaf8f4', sun: '#ffffff', farHills: '#a6cbc6', nearHills: '#7fae96' },
  { skyTop: '#8aa4c2', skyBottom: '#eef1f4', sun: '#fbfbf7', farHills: '#b8c4cc', nearHills: '#9cae9f' },
];

/** A gentle hill line across the width, closed down to `bottom`. */
function hills(baseY: number, amplitude: number, phase: number, bottom: number): string {
  const points: string[] = [];
  for (let x = 0; x <= 1200; x += 40) {
    const y =
      baseY -
      amplitude * (0.6 * Math.sin((x / 1200) * Math.PI * 2.2 + phase) + 0.4 * Math.sin((x / 1200) * Math.PI * 5.3 + phase * 1.7));
    points.push(`${n(x)},${n(y)}`);
  }
  return `M0,${bottom}L${points.join('L')}L1200,${bottom}Z`;
}

function cloud(x: number, y: number, s: number): string {
  return `<g fill="#ffffff" fill-opacity="0.85" transform="translate(${n(x)},${n(y)}) scale(${n(s)})">
  <ellipse cx="0" cy="0" rx="70" ry="22"/><ellipse cx="-28" cy="-14" rx="34" ry="24"/><ellipse cx="18" cy="-22" rx="38" ry="30"/>
</g>`;
}

/**
 * A 1200×800 illustration of a car of the given body type and paint colour on a road,
 * to stand in for a product photo. The scene (sky, hills, clouds) varies with `productName`.
 */
export function carPicture(car: { body: DemoCar['body']; color: string; productName: string }): string {
  const W = 1200;
  const H = 800;
  const seed = hash(car.productName);
  const palette = PALETTES[seed % PALETTES.length]!;
  const phase = ((seed >>> 4) % 628) / 100;
  // Sun somewhere across the sky, clouds on the other side so they never overlap it.
  const sunX = 220 + ((seed >>> 12) % 760);
  const sunLeft = sunX < W / 2;
  const cloudA = sunLeft ? sunX + 400 : sunX - 400;
  const cloudB = sunLeft ? Math.min(sunX + 720, 1110) : Math.max(sunX - 700, 90);
  const p = PROFILES[car.body];
  const horizon = 520;
  const groundY = 672;
  const carX = (W - p.length) / 2;
  const [rearX, frontX] = p.wheels;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${palette.skyTop}"/>
    <stop offset="1" stop-color="${palette.skyBottom}"/>
  </linearGradient>
  <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${palette.sun}" stop-opacity="1"/>
    <stop offset="0.25" stop-color="${palette.sun}" stop-opacity="0.9"/>
    <stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="road" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7b8088"/>
    <stop offset="1" stop-color="#4b5058"/>
  </linearGradient>
  <filter id="soft" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="softer" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="5"/></filter>
  ${WHEEL_DEFS}
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="150" r="125" fill="url(#sun)"/>
${cloud(cloudA, 130 + ((seed >>> 8) % 40), 1.1)}
${cloud(cloudB, 210 + ((seed >>> 16) % 50), 0.75)}
<path d="${hills(horizon - 40, 30, phase, horizon + 20)}" fill="${palette.farHills}"/>
<path d="${hills(horizon, 18, phase + 2, horizon + 40)}" fill="${palette.nearHills}"/>
<rect x="0" y="${horizon + 30}" width="${W}" height="24" fill="#d8d4cb"/>
<rect x="0" y="${horizon + 54}" width="${W}" height="6" fill="#b5b0a6"/>
<rect x="0" y="${horizon + 60}" width="${W}" height="${H - horizon - 60}" fill="url(#road)"/>
<rect x="0" y="${horizon + 72}" width="${W}" height="4" fill="#f2efe6" fill-opacity="0.7"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 200 - 40}" y="752" width="110" height="10" rx="3" fill="#f4f1e8" fill-opacity="0.85"/>`).join('')}
<ellipse cx="${n(W / 2)}" cy="${groundY + 6}" rx="${n(p.length * 0.54)}" ry="26" fill="#000000" fill-opacity="0.38" filter="url(#soft)"/>
<ellipse cx="${n(carX + rearX)}" cy="${groundY}" rx="${n(p.wheelR * 0.95)}" ry="9" fill="#000000" fill-opacity="0.55" filter="url(#softer)"/>
<ellipse cx="${n(carX + frontX)}" cy="${groundY}" rx="${n(p.wheelR * 0.95)}" ry="9" fill="#000000" fill-opacity="0.55" filter="url(#softer)"/>
<g transform="translate(${n(carX)},${groundY})">
${carDrawing(car.body, car.color, 'car-')}
</g>
</svg>`;
}

/**
 * An 800×500 banner for a brand category card: the brand's two colours as a gradient,
 * a faint car silhouette and the brand name in large type.
 */
export function brandPicture(category: DemoCategory): string {
  const W = 800;
  const H = 500;
  const [c1, c2] = category.colors;
  const name = escapeXml(category.name);
  // Bold DejaVu Sans averages ~0.68em per character; keep the name within ~640px.
  const fontSize = Math.round(Math.min(112, 640 / (Math.max(category.name.length, 1) * 0.68)));
  const p = PROFILES[hash(category.name) % 2 === 0 ? 'sedan' : 'suv'];
  const scale = 0.62;
  const carX = (W - p.length * scale) / 2;
  const groundY = 452;
  const silhouette = `<g transform="translate(${n(carX)},${groundY}) scale(${scale})" fill="#ffffff">
  <path d="${bodyPath(p)}" fill-opacity="0.16"/>
  <path d="${roundedPath(p.glass, true)}" fill="#000000" fill-opacity="0.12"/>
  ${p.wheels.map((x) => `<circle cx="${x}" cy="${-p.wheelR}" r="${p.wheelR}" fill-opacity="0.2"/><circle cx="${x}" cy="${-p.wheelR}" r="${p.wheelR * 0.45}" fill="#000000" fill-opacity="0.12"/>`).join('')}
</g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c1}"/>
    <stop offset="1" stop-color="${c2}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
  <filter id="shadow" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur stdDeviation="6"/></filter>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="180" cy="110" r="320" fill="url(#glow)"/>
<path d="M0,${H - 70}C200,${H - 110} 600,${H - 40} ${W},${H - 90}L${W},${H}L0,${H}Z" fill="#000000" fill-opacity="0.14"/>
<path d="M-40,${H}L260,-20L300,-20L0,${H}Z" fill="#ffffff" fill-opacity="0.05"/>
<path d="M560,${H}L860,-20L940,-20L640,${H}Z" fill="#ffffff" fill-opacity="0.05"/>
${silhouette}
<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold" text-anchor="middle">
  <text x="${W / 2}" y="${208 + 4}" font-size="${fontSize}" fill="#000000" fill-opacity="0.35" filter="url(#shadow)">${name}</text>
  <text x="${W / 2}" y="208" font-size="${fontSize}" fill="#ffffff">${name}</text>
  <rect x="${W / 2 - 40}" y="236" width="80" height="4" rx="2" fill="#ffffff" fill-opacity="0.7"/>
</g>
</svg>`;
}
