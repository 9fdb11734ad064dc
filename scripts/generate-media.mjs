// Renders the demo images of the public site (seed data and category pages) from SVG with sharp:
// cinematic gradients, silhouettes and film grain, no external image sources.
// Output: apps/web/public/media/<name>.jpg (1600 wide) plus <name>-640.jpg and <name>-960.jpg.
// Usage: node scripts/generate-media.mjs [name ...]
import { mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// sharp is a dependency of the API package (image re-encoding); resolve it from there.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "packages/api/package.json"));
const sharp = require("sharp");

const OUT = path.join(root, "apps/web/public/media");
const W = 1600;
const H = 1000;
const WIDTHS = [640, 960];

/** Deterministic pseudo-random numbers so every run renders the same pictures. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 10) / 10;

function defs(extra = "") {
  return `<defs>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
    <filter id="haze" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>
    <radialGradient id="vignette" cx="50%" cy="50%" r="75%">
      <stop offset="55%" stop-color="#000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#000" stop-opacity="0.75"/>
    </radialGradient>
    ${extra}
  </defs>`;
}

const linear = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join("")}</linearGradient>`;

const radial = (id, cx, cy, r, stops) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join("")}</radialGradient>`;

/** A ridge line from x=0 to x=W around baseY, filled down to the bottom edge. */
function ridge(random, baseY, amplitude, steps, fill, opacity = 1) {
  const points = [];
  let y = baseY;
  for (let i = 0; i <= steps; i++) {
    y += (random() - 0.5) * amplitude;
    y = Math.min(baseY + amplitude, Math.max(baseY - amplitude * 1.6, y));
    points.push(`${f((i / steps) * W)},${f(y)}`);
  }
  return `<polygon points="0,${H} ${points.join(" ")} ${W},${H}" fill="${fill}" opacity="${opacity}"/>`;
}

function bokeh(random, count, colors, { yMin = 0, yMax = H, rMin = 8, rMax = 40, opacity = 0.35 } = {}) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = rMin + random() * (rMax - rMin);
    const color = colors[Math.floor(random() * colors.length)];
    out += `<circle cx="${f(random() * W)}" cy="${f(yMin + random() * (yMax - yMin))}" r="${f(r)}" fill="${color}" opacity="${
      f(opacity * (0.4 + random() * 0.6) * 100) / 100
    }"/>`;
  }
  return `<g filter="url(#haze)">${out}</g>`;
}

function skyline(
  random,
  baseY,
  fill,
  windowColor,
  { minW = 40, maxW = 120, minH = 120, maxH = 460, lit = 0.18 } = {},
) {
  let x = -20;
  let out = "";
  while (x < W + 20) {
    const w = minW + random() * (maxW - minW);
    const h = minH + random() * (maxH - minH);
    out += `<rect x="${f(x)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h + 2)}" fill="${fill}"/>`;
    for (let wy = baseY - h + 14; wy < baseY - 10; wy += 22) {
      for (let wx = x + 8; wx < x + w - 10; wx += 16) {
        if (random() < lit)
          out += `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="10" fill="${windowColor}" opacity="${f(0.5 + random() * 0.5)}"/>`;
      }
    }
    x += w + random() * 6;
  }
  return out;
}

/** Light beams from a point, fanning downwards. */
function beams(x, y, angles, length, color, width = 90, opacity = 0.22) {
  return `<g filter="url(#soft)">${angles
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      const ex = x + Math.sin(rad) * length;
      const ey = y + Math.cos(rad) * length;
      const px = Math.cos(rad) * width;
      const py = -Math.sin(rad) * width;
      return `<polygon points="${x},${y} ${f(ex - px)},${f(ey - py)} ${f(ex + px)},${f(ey + py)}" fill="${color}" opacity="${opacity}"/>`;
    })
    .join("")}</g>`;
}

const person = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <circle cx="0" cy="-170" r="34"/>
    <path d="M-22 -140 Q0 -128 22 -140 L30 -120 Q78 -110 86 -60 L96 40 L-96 40 L-86 -60 Q-78 -110 -30 -120 Z"/>
  </g>`;

const crowd = (random, baseY, count, fill) => {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = (i / count) * W + random() * 30;
    const s = 0.55 + random() * 0.35;
    out += person(f(x), f(baseY + random() * 40), f(s), fill);
    if (random() < 0.25) {
      out += `<rect x="${f(x + 20 * s)}" y="${f(baseY - 300 * s)}" width="${f(14 * s)}" height="${f(150 * s)}" rx="6" fill="${fill}" transform="rotate(${f(
        -15 + random() * 30,
      )} ${f(x)} ${f(baseY - 150 * s)})"/>`;
    }
  }
  return out;
};

const drone = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <rect x="-46" y="-8" width="92" height="16" rx="8"/>
    <rect x="-16" y="-18" width="32" height="26" rx="8"/>
    <rect x="-74" y="-14" width="36" height="5" rx="2"/><rect x="38" y="-14" width="36" height="5" rx="2"/>
    <rect x="-58" y="-16" width="4" height="10"/><rect x="54" y="-16" width="4" height="10"/>
    <circle cx="0" cy="14" r="7"/>
  </g>`;

const cinemaCamera = (x, y, s, fill, accent) =>
  `<g transform="translate(${x} ${y}) scale(${s})">
    <g fill="${fill}">
      <rect x="-120" y="-90" width="200" height="120" rx="10"/>
      <rect x="80" y="-70" width="90" height="80" rx="6"/>
      <rect x="170" y="-80" width="40" height="100" rx="4"/>
      <rect x="-100" y="-130" width="120" height="34" rx="6"/>
      <rect x="-160" y="-60" width="40" height="60" rx="4"/>
      <circle cx="-50" cy="-150" r="34"/><circle cx="30" cy="-150" r="34"/>
      <rect x="-20" y="30" width="40" height="40"/>
      <polygon points="0,70 -150,420 -130,420 0,110 130,420 150,420"/>
      <rect x="-6" y="70" width="12" height="350"/>
    </g>
    <circle cx="190" cy="-30" r="14" fill="${accent}" opacity="0.9"/>
  </g>`;

const filmLight = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <rect x="-60" y="-50" width="120" height="100" rx="8"/>
    <polygon points="-60,-50 -100,-80 -100,80 -60,50"/><polygon points="60,-50 100,-80 100,80 60,50"/>
    <rect x="-5" y="50" width="10" height="330"/>
    <polygon points="0,360 -90,420 -80,420 0,375 80,420 90,420"/>
  </g>`;

const grain = (opacity = 0.2) =>
  `<filter id="grain" x="0" y="0" width="100%" height="100%">
     <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" stitchTiles="stitch"/>
     <feColorMatrix type="saturate" values="0"/>
   </filter>
   <rect width="${W}" height="${H}" filter="url(#grain)" opacity="${opacity}" style="mix-blend-mode:overlay"/>`;

const frame = (body, extraDefs = "", grainOpacity = 0.2) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    ${defs(extraDefs)}
    ${body}
    <rect width="${W}" height="${H}" fill="url(#vignette)"/>
    ${grain(grainOpacity)}
  </svg>`;

const SCENES = {
  portrait(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="1040" cy="420" r="420" fill="url(#glow)" filter="url(#softer)"/>
       ${bokeh(r, 26, ["#fbbf24", "#fb923c", "#fde68a"], { yMax: 700, rMin: 14, rMax: 60, opacity: 0.35 })}
       ${ridge(r, 760, 40, 30, "#1a1008", 0.9)}
       <g filter="url(#haze)"><circle cx="760" cy="420" r="150" fill="#f59e0b" opacity="0.22"/></g>
       ${person(760, 930, 3.4, "#07060a")}
       <path d="M650 340 Q700 250 780 262" stroke="#fbbf24" stroke-width="7" fill="none" opacity="0.55" filter="url(#haze)"/>`,
      linear("bg", [
        [0, "#2a1506"],
        [0.55, "#120a10"],
        [1, "#050508"],
      ]) +
        radial("glow", "50%", "50%", "50%", [
          [0, "#f59e0b", 0.8],
          [1, "#f59e0b", 0],
        ]),
    );
  },
  product(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <ellipse cx="800" cy="330" rx="520" ry="420" fill="url(#spot)"/>
       <ellipse cx="800" cy="820" rx="520" ry="70" fill="#000" opacity="0.55" filter="url(#soft)"/>
       <rect x="420" y="760" width="760" height="260" fill="#0d0d12"/>
       <ellipse cx="800" cy="760" rx="380" ry="40" fill="#1d1d26"/>
       <g>
         <rect x="690" y="360" width="220" height="400" rx="26" fill="url(#bottle)"/>
         <rect x="760" y="280" width="80" height="90" rx="10" fill="#1c1c24"/>
         <rect x="745" y="250" width="110" height="40" rx="8" fill="#d97706"/>
         <rect x="710" y="500" width="180" height="140" rx="6" fill="#f8fafc" opacity="0.9"/>
         <rect x="730" y="530" width="120" height="12" rx="6" fill="#0f172a"/>
         <rect x="730" y="556" width="80" height="8" rx="4" fill="#64748b"/>
         <rect x="700" y="380" width="26" height="360" rx="13" fill="#fff" opacity="0.18"/>
       </g>
       <rect x="960" y="600" width="150" height="160" rx="14" fill="#1f2937"/>
       <rect x="960" y="600" width="150" height="30" rx="10" fill="#f59e0b" opacity="0.85"/>
       <rect x="500" y="640" width="140" height="120" rx="60" fill="#111827"/>
       ${bokeh(r, 10, ["#fcd34d", "#ffffff"], { yMax: 420, rMin: 6, rMax: 26, opacity: 0.2 })}`,
      linear("bg", [
        [0, "#1c1917"],
        [1, "#050507"],
      ]) +
        radial("spot", "50%", "40%", "60%", [
          [0, "#fef3c7", 0.35],
          [0.5, "#f59e0b", 0.08],
          [1, "#000", 0],
        ]) +
        linear(
          "bottle",
          [
            [0, "#3f2a14"],
            [0.5, "#1c1208"],
            [1, "#0b0703"],
          ],
          false,
        ),
    );
  },
  corporate(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="1200" cy="560" r="170" fill="#fb923c" opacity="0.5" filter="url(#softer)"/>
       <g opacity="0.55">${skyline(r, 820, "#1e1b2e", "#fbbf24", { minH: 160, maxH: 420, lit: 0.12 })}</g>
       ${skyline(r, 1000, "#0a0a12", "#fcd34d", { minW: 70, maxW: 180, minH: 260, maxH: 720, lit: 0.22 })}
       <rect y="920" width="${W}" height="80" fill="#050508"/>`,
      linear("bg", [
        [0, "#0f172a"],
        [0.5, "#3b1d3a"],
        [0.8, "#c2410c"],
        [1, "#fb923c"],
      ]),
    );
  },
  event(r) {
    let lights = "";
    for (let i = 0; i < 3; i++) {
      let d = `M-20 ${160 + i * 60}`;
      const pts = [];
      for (let x = 0; x <= W + 40; x += 40) {
        const y = 160 + i * 60 + Math.sin((x / W) * Math.PI) * (90 + i * 20);
        d += ` L${x} ${f(y)}`;
        pts.push([x, y]);
      }
      lights += `<path d="${d}" stroke="#000" stroke-width="2" fill="none" opacity="0.6"/>`;
      for (const [x, y] of pts)
        lights += `<circle cx="${x}" cy="${f(y + 8)}" r="6" fill="#fde68a"/><circle cx="${x}" cy="${f(y + 8)}" r="18" fill="#fbbf24" opacity="0.25"/>`;
    }
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       ${bokeh(r, 40, ["#fbbf24", "#f472b6", "#fde68a"], { yMax: 600, rMin: 10, rMax: 50, opacity: 0.3 })}
       <g filter="url(#haze)">${lights}</g>
       ${person(700, 900, 2.3, "#0b0710")}
       <g transform="translate(860 900) scale(2.2)" fill="#0b0710">
         <circle cx="0" cy="-175" r="32"/><path d="M-30 -140 L30 -140 L110 40 L-110 40 Z"/>
       </g>
       ${crowd(r, 1000, 16, "#050308")}`,
      linear("bg", [
        [0, "#1e0b2b"],
        [0.6, "#3b1230"],
        [1, "#0c0508"],
      ]),
    );
  },
  "edit-suite"(r) {
    let timeline = "";
    for (let row = 0; row < 4; row++) {
      let x = 300;
      while (x < 1300) {
        const w = 40 + r() * 160;
        timeline += `<rect x="${f(x)}" y="${735 + row * 26}" width="${f(Math.min(w, 1300 - x))}" height="20" rx="3" fill="${
          ["#6366f1", "#22d3ee", "#f59e0b", "#a855f7"][row]
        }" opacity="0.75"/>`;
        x += w + 6;
      }
    }
    let wave = "M360 620";
    for (let x = 360; x <= 760; x += 8) wave += ` L${x} ${f(620 - r() * 80)}`;
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <rect x="240" y="230" width="1120" height="470" rx="14" fill="#0b0b12" stroke="#1f2937" stroke-width="6"/>
       <rect x="270" y="260" width="520" height="300" rx="6" fill="url(#screenA)"/>
       <rect x="810" y="260" width="520" height="300" rx="6" fill="url(#screenB)"/>
       <g clip-path="url(#clipA)">${ridge(r, 480, 50, 16, "#0f172a", 0.9)}</g>
       <path d="${wave}" stroke="#22d3ee" stroke-width="3" fill="none" opacity="0.8"/>
       <rect x="270" y="720" width="1060" height="120" rx="6" fill="#0f0f18"/>
       ${timeline}
       <rect x="820" y="712" width="3" height="140" fill="#ef4444"/>
       <rect y="880" width="${W}" height="120" fill="#050507"/>
       <circle cx="800" cy="460" r="500" fill="#6366f1" opacity="0.08" filter="url(#softer)"/>`,
      linear("bg", [
        [0, "#0b1020"],
        [1, "#030307"],
      ]) +
        linear("screenA", [
          [0, "#fb923c"],
          [0.5, "#7c2d12"],
          [1, "#111827"],
        ]) +
        linear("screenB", [
          [0, "#0ea5e9"],
          [0.6, "#1e3a8a"],
          [1, "#0b1020"],
        ]) +
        `<clipPath id="clipA"><rect x="270" y="260" width="520" height="300"/></clipPath>`,
    );
  },
  vfx(r) {
    let grid = "";
    for (let i = -20; i <= 20; i++) {
      grid += `<line x1="800" y1="520" x2="${800 + i * 120}" y2="${H}" stroke="#a855f7" stroke-width="2" opacity="0.35"/>`;
    }
    for (let j = 0; j < 10; j++) {
      const y = 520 + (j / 10) ** 2 * 480;
      grid += `<line x1="0" y1="${f(y)}" x2="${W}" y2="${f(y)}" stroke="#a855f7" stroke-width="2" opacity="0.3"/>`;
    }
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="800" cy="420" r="260" fill="#f43f5e" opacity="0.35" filter="url(#softer)"/>
       <g opacity="0.9">${skyline(r, 520, "url(#glass)", "#e0f2fe", { minW: 50, maxW: 110, minH: 120, maxH: 380, lit: 0.3 })}</g>
       <rect y="520" width="${W}" height="480" fill="#07030f"/>
       ${grid}
       <g fill="none" stroke="#22d3ee" stroke-width="3" opacity="0.85">
         <polygon points="800,170 900,230 900,350 800,410 700,350 700,230"/>
         <polyline points="700,230 800,290 900,230"/><line x1="800" y1="290" x2="800" y2="410"/>
       </g>
       ${bokeh(r, 24, ["#22d3ee", "#f0abfc"], { yMax: 500, rMin: 3, rMax: 12, opacity: 0.7 })}`,
      linear("bg", [
        [0, "#12021f"],
        [0.5, "#2e0a3a"],
        [1, "#0a0312"],
      ]) +
        linear("glass", [
          [0, "#4c1d95"],
          [1, "#1e0b3a"],
        ]),
    );
  },
  aerial(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="480" cy="560" r="110" fill="#fde68a"/>
       <circle cx="480" cy="560" r="300" fill="#fb923c" opacity="0.4" filter="url(#softer)"/>
       ${ridge(r, 560, 90, 22, "#5b1f45", 1)}
       ${ridge(r, 660, 80, 26, "#2a1230", 0.85)}
       ${ridge(r, 760, 60, 30, "#140a1c", 1)}
       <rect y="860" width="${W}" height="140" fill="url(#sea)"/>
       <g stroke="#fcd34d" stroke-width="3" opacity="0.35">${Array.from({ length: 12 }, (_, i) => `<line x1="${380 + r() * 200}" y1="${880 + i * 10}" x2="${420 + r() * 200}" y2="${880 + i * 10}"/>`).join("")}</g>
       ${drone(1120, 260, 2.6, "#0a0610")}
       <g opacity="0.4">${drone(1320, 380, 1.1, "#0a0610")}</g>`,
      linear("bg", [
        [0, "#1e1b4b"],
        [0.45, "#9d174d"],
        [0.7, "#f97316"],
        [1, "#fbbf24"],
      ]) +
        linear("sea", [
          [0, "#3b0f2a"],
          [1, "#07030a"],
        ]),
    );
  },
  construction(r) {
    const crane = (x, h, dir) =>
      `<g fill="none" stroke="#0b0b10" stroke-width="8">
        <line x1="${x}" y1="${H}" x2="${x}" y2="${H - h}"/><line x1="${x + 30}" y1="${H}" x2="${x + 30}" y2="${H - h}"/>
        ${Array.from({ length: Math.floor(h / 60) }, (_, i) => `<line x1="${x}" y1="${H - i * 60}" x2="${x + 30}" y2="${H - (i + 1) * 60}"/>`).join("")}
        <line x1="${x - 140 * dir}" y1="${H - h}" x2="${x + 520 * dir}" y2="${H - h}"/>
        <line x1="${x + 15}" y1="${H - h - 80}" x2="${x + 420 * dir}" y2="${H - h}"/>
        <line x1="${x + 15}" y1="${H - h - 80}" x2="${x - 140 * dir}" y2="${H - h}"/>
        <line x1="${x + 360 * dir}" y1="${H - h}" x2="${x + 360 * dir}" y2="${H - h + 220}" stroke-width="3"/>
      </g>`;
    let tower = "";
    for (let y = 420; y < H; y += 50)
      tower += `<rect x="620" y="${y}" width="360" height="8" fill="#0b0b10"/>`;
    for (let x = 620; x <= 980; x += 60)
      tower += `<rect x="${x}" y="420" width="8" height="${H - 420}" fill="#0b0b10"/>`;
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="1250" cy="700" r="260" fill="#fb923c" opacity="0.45" filter="url(#softer)"/>
       <g opacity="0.5">${skyline(r, 1000, "#3a2a3e", "#fde68a", { minH: 80, maxH: 260, lit: 0.05 })}</g>
       ${tower}
       ${crane(360, 720, 1)}
       ${crane(1240, 560, -1)}
       ${drone(1050, 230, 2, "#0b0b10")}`,
      linear("bg", [
        [0, "#334155"],
        [0.6, "#c2410c"],
        [1, "#fbbf24"],
      ]),
    );
  },
  concert(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       ${beams(400, -20, [-30, -10, 12], 1200, "#a855f7", 110, 0.28)}
       ${beams(1200, -20, [-12, 10, 30], 1200, "#22d3ee", 110, 0.24)}
       ${beams(800, -40, [-4, 4], 1100, "#f59e0b", 80, 0.2)}
       <rect x="300" y="560" width="1000" height="30" fill="#0b0612"/>
       ${bokeh(r, 30, ["#f0abfc", "#67e8f9", "#fde68a"], { yMax: 540, rMin: 4, rMax: 20, opacity: 0.6 })}
       ${person(800, 600, 1.2, "#0b0612")}
       ${crowd(r, 1000, 22, "#040208")}`,
      linear("bg", [
        [0, "#0b0217"],
        [1, "#1a0830"],
      ]),
    );
  },
  documentary(r) {
    let lanterns = "";
    for (let i = 0; i < 14; i++) {
      const x = 80 + i * 110 + r() * 30;
      const y = 220 + Math.sin(i / 2) * 40 + r() * 30;
      lanterns += `<circle cx="${f(x)}" cy="${f(y)}" r="60" fill="#f97316" opacity="0.25" filter="url(#haze)"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="20" ry="26" fill="#fb923c"/><rect x="${f(x - 2)}" y="${f(y - 80)}" width="3" height="54" fill="#000" opacity="0.5"/>`;
    }
    let stalls = "";
    for (let i = 0; i < 6; i++) {
      const x = i * 280 - 40;
      stalls += `<polygon points="${x},520 ${x + 260},520 ${x + 230},470 ${x + 30},470" fill="${i % 2 ? "#7f1d1d" : "#1e3a8a"}" opacity="0.85"/><rect x="${x + 20}" y="520" width="220" height="320" fill="#120a0a"/><rect x="${x + 40}" y="560" width="180" height="60" fill="#f59e0b" opacity="${f(0.25 + r() * 0.3)}"/>`;
    }
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       ${stalls}
       ${lanterns}
       ${crowd(r, 1000, 12, "#050306")}
       <rect y="960" width="${W}" height="40" fill="#050306"/>`,
      linear("bg", [
        [0, "#0a0f1f"],
        [0.6, "#1a0f1a"],
        [1, "#0a0508"],
      ]),
    );
  },
  commercial(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="1120" cy="540" r="120" fill="#fde68a"/>
       <circle cx="1120" cy="540" r="380" fill="#f97316" opacity="0.45" filter="url(#softer)"/>
       ${ridge(r, 600, 40, 20, "#3b1a2a", 1)}
       <polygon points="0,${H} 700,640 900,640 ${W},${H}" fill="#0d0a10"/>
       <polygon points="790,640 810,640 840,${H} 760,${H}" fill="#fbbf24" opacity="0.5"/>
       <g transform="translate(520 760)" fill="#050407">
         <path d="M0 90 L40 30 Q70 -10 140 -14 L330 -14 Q380 -10 420 30 L520 60 Q560 70 560 100 L560 130 L0 130 Z"/>
         <circle cx="110" cy="130" r="48" fill="#1a1a1f"/><circle cx="440" cy="130" r="48" fill="#1a1a1f"/>
         <path d="M90 24 Q130 -2 200 -4 L200 30 Z M220 -4 L320 -4 Q360 2 380 30 L220 30 Z" fill="#fbbf24" opacity="0.35"/>
       </g>
       <ellipse cx="1080" cy="850" rx="40" ry="12" fill="#fde68a" opacity="0.8" filter="url(#haze)"/>`,
      linear("bg", [
        [0, "#1e1b4b"],
        [0.5, "#7c2d12"],
        [0.75, "#f97316"],
        [1, "#fde68a"],
      ]),
    );
  },
  fashion(r) {
    let rain = "";
    for (let i = 0; i < 160; i++) {
      const x = r() * W;
      const y = r() * H;
      rain += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - 14)}" y2="${f(y + 70)}" stroke="#e2e8f0" stroke-width="2" opacity="${f(0.08 + r() * 0.2)}"/>`;
    }
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <rect x="980" y="0" width="260" height="${H}" fill="url(#side)" filter="url(#softer)"/>
       <g transform="translate(800 1000)">
         <circle cx="0" cy="-760" r="62" fill="#0b0b12"/>
         <path d="M-40 -700 L40 -700 L120 -420 L70 -410 L60 -300 L150 0 L-150 0 L-60 -300 L-70 -410 L-120 -420 Z" fill="#0b0b12"/>
         <path d="M40 -700 L120 -420 L70 -410 L60 -300 L150 0 L110 0 L30 -300 L40 -420 Z" fill="#ec4899" opacity="0.35"/>
         <path d="M-70 -790 Q0 -860 70 -790 Q60 -700 120 -640 L80 -640 Q20 -700 -70 -790 Z" fill="#0b0b12"/>
       </g>
       ${rain}`,
      linear("bg", [
        [0, "#111827"],
        [0.5, "#1f1028"],
        [1, "#07070c"],
      ]) +
        linear(
          "side",
          [
            [0, "#ec4899", 0],
            [0.5, "#ec4899", 0.7],
            [1, "#ec4899", 0],
          ],
          false,
        ),
    );
  },
  "film-set"(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       ${beams(1340, 330, [-60, -72], 1300, "#fde68a", 150, 0.25)}
       <circle cx="1340" cy="330" r="120" fill="#fde68a" opacity="0.6" filter="url(#soft)"/>
       ${bokeh(r, 30, ["#fbbf24", "#fde68a", "#fb923c"], { yMax: 600, rMin: 8, rMax: 40, opacity: 0.3 })}
       ${filmLight(1340, 330, 1, "#050507")}
       ${cinemaCamera(640, 560, 1.15, "#050507", "#ef4444")}
       <rect y="960" width="${W}" height="40" fill="#030305"/>`,
      linear("bg", [
        [0, "#111018"],
        [0.6, "#2a1a0c"],
        [1, "#0a0706"],
      ]),
    );
  },
  fields(r) {
    let rows = "";
    const colors = ["#4d7c0f", "#65a30d", "#a16207", "#ca8a04", "#3f6212", "#854d0e"];
    for (let i = -6; i < 24; i++) {
      const c = colors[Math.floor(r() * colors.length)];
      rows += `<polygon points="${i * 110},${H} ${i * 110 + 100},${H} ${800 + (i - 9) * 24 + 22},420 ${800 + (i - 9) * 24},420" fill="${c}" opacity="0.85"/>`;
    }
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       <circle cx="1180" cy="400" r="90" fill="#fef3c7"/>
       <circle cx="1180" cy="400" r="320" fill="#fbbf24" opacity="0.45" filter="url(#softer)"/>
       ${ridge(r, 420, 30, 20, "#3f2a1e", 0.8)}
       <g>${rows}</g>
       <rect y="420" width="${W}" height="580" fill="url(#shade)"/>
       ${drone(520, 230, 1.8, "#140c06")}`,
      linear("bg", [
        [0, "#7c2d12"],
        [0.6, "#f59e0b"],
        [1, "#fde68a"],
      ]) +
        linear("shade", [
          [0, "#f59e0b", 0.25],
          [1, "#000", 0.45],
        ]),
    );
  },
  "real-estate"(r) {
    return frame(
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>
       ${ridge(r, 620, 50, 20, "#1e1b3a", 0.8)}
       <rect y="700" width="${W}" height="300" fill="#07070d"/>
       <g>
         <rect x="360" y="430" width="880" height="270" fill="#0e0e16"/>
         <rect x="300" y="410" width="1000" height="26" fill="#15151f"/>
         <rect x="560" y="330" width="520" height="100" fill="#12121b"/>
         <rect x="520" y="316" width="600" height="20" fill="#191926"/>
         <rect x="400" y="470" width="300" height="200" fill="url(#warm)"/>
         <rect x="740" y="470" width="200" height="200" fill="url(#warm)" opacity="0.8"/>
         <rect x="980" y="470" width="220" height="200" fill="url(#warm)" opacity="0.9"/>
         <rect x="600" y="350" width="440" height="60" fill="url(#warm)" opacity="0.7"/>
       </g>
       <rect x="300" y="730" width="1000" height="120" fill="url(#pool)"/>
       <rect x="400" y="740" width="300" height="50" fill="#fbbf24" opacity="0.18" filter="url(#haze)"/>
       <rect x="980" y="740" width="220" height="50" fill="#fbbf24" opacity="0.15" filter="url(#haze)"/>
       ${bokeh(r, 18, ["#fde68a"], { yMin: 680, yMax: 720, rMin: 3, rMax: 6, opacity: 0.9 })}`,
      linear("bg", [
        [0, "#0b1026"],
        [0.6, "#3b2a5a"],
        [1, "#f59e0b"],
      ]) +
        linear("warm", [
          [0, "#fde68a"],
          [1, "#f59e0b"],
        ]) +
        linear("pool", [
          [0, "#0e7490"],
          [1, "#082f49"],
        ]),
    );
  },
};

async function render(name, seed) {
  const svg = SCENES[name](rng(seed));
  const base = sharp(Buffer.from(svg), { density: 72 }).flatten({ background: "#000" });
  const png = await base.png().toBuffer();
  const outputs = [
    { file: `${name}.jpg`, width: W, quality: 68 },
    ...WIDTHS.map((w) => ({ file: `${name}-${w}.jpg`, width: w, quality: 72 })),
  ];
  const sizes = [];
  for (const o of outputs) {
    const target = path.join(OUT, o.file);
    await sharp(png)
      .resize({ width: o.width })
      .jpeg({ quality: o.quality, mozjpeg: true, progressive: true, chromaSubsampling: "4:2:0" })
      .toFile(target);
    sizes.push(`${o.file} ${(statSync(target).size / 1024).toFixed(0)} KB`);
  }
  console.log(sizes.join("  "));
}

mkdirSync(OUT, { recursive: true });
const wanted = process.argv.slice(2);
for (const [i, name] of Object.keys(SCENES).entries()) {
  if (wanted.length === 0 || wanted.includes(name)) await render(name, 1000 + i * 97);
}
