#!/usr/bin/env node
// Draws Gatehouse's icons as PNG files with nothing but zlib: the app icon (electron-builder turns
// icon.png into the macOS .icns and the Windows .ico) and the tray icon in its three states, each at 1x
// and @2x. Run `node resources/generate-icons.mjs` after changing a shape; the PNGs are committed.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const here = import.meta.dirname;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `size`×`size`, each pixel the average of 4×4 samples of `paint(x, y)` in 0..1 units. */
function png(size, paint) {
  const rows = [];
  const samples = 4;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = paint((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          const alpha = colour[3] / 255;
          r += colour[0] * alpha;
          g += colour[1] * alpha;
          b += colour[2] * alpha;
          a += alpha;
        }
      }
      const n = samples * samples;
      const offset = 1 + x * 4;
      row[offset] = a ? Math.round(r / a) : 0;
      row[offset + 1] = a ? Math.round(g / a) : 0;
      row[offset + 2] = a ? Math.round(b / a) : 0;
      row[offset + 3] = Math.round((a / n) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A gate: two posts joined by an arch, open in the middle; coordinates in 0..1 of the box it fills. */
function inGate(x, y, stroke) {
  const cx = 0.5;
  const archY = 0.42;
  const outer = 0.36;
  const inner = outer - stroke;
  const dx = x - cx;
  const dy = y - archY;
  const onArch = y <= archY && dx * dx + dy * dy <= outer * outer && dx * dx + dy * dy >= inner * inner;
  const onPost = y > archY && y <= 0.86 && Math.abs(dx) <= outer && Math.abs(dx) >= inner;
  const onGround = y > 0.86 - stroke && y <= 0.86 && Math.abs(dx) <= outer + stroke / 2;
  return onArch || onPost || onGround;
}

const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function roundedSquare(x, y, radius) {
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - radius), 0);
  const qy = Math.max(Math.abs(y - 0.5) - (0.5 - radius), 0);
  return qx * qx + qy * qy <= radius * radius;
}

const SLATE = [30, 41, 59, 255];
const WHITE = [248, 250, 252, 255];
const GREY = [100, 116, 139, 255];
const AMBER = [245, 158, 11, 255];

function appIcon(x, y) {
  const inset = 0.06;
  const u = (x - inset) / (1 - 2 * inset);
  const v = (y - inset) / (1 - 2 * inset);
  if (u < 0 || u > 1 || v < 0 || v > 1 || !roundedSquare(u, v, 0.2)) return undefined;
  const gx = (u - 0.18) / 0.64;
  const gy = (v - 0.14) / 0.64;
  if (gx >= 0 && gx <= 1 && gy >= 0 && gy <= 1 && inGate(gx, gy, 0.13)) return WHITE;
  if (inCircle(u, v, 0.5, 0.62, 0.07)) return AMBER;
  return SLATE;
}

const trayStates = {
  idle: (x, y) => (inGate(x, y, 0.16) ? GREY : undefined),
  // The amber dot is what catches the eye: a request is waiting.
  waiting: (x, y) => {
    if (inCircle(x, y, 0.8, 0.2, 0.18)) return AMBER;
    if (inCircle(x, y, 0.8, 0.2, 0.25)) return undefined;
    return inGate(x, y, 0.16) ? GREY : undefined;
  },
  // Two bars of a pause sign over a faded gate: notifications are off.
  paused: (x, y) => {
    const bar = y >= 0.04 && y <= 0.36 && ((x >= 0.66 && x <= 0.75) || (x >= 0.84 && x <= 0.93));
    if (bar) return GREY;
    if (x >= 0.6 && y <= 0.42) return undefined;
    return inGate(x, y, 0.16) ? [...GREY.slice(0, 3), 150] : undefined;
  },
};

writeFileSync(join(here, 'icon.png'), png(512, appIcon));
for (const [state, paint] of Object.entries(trayStates)) {
  writeFileSync(join(here, 'tray', `tray-${state}.png`), png(16, paint));
  writeFileSync(join(here, 'tray', `tray-${state}@2x.png`), png(32, paint));
}
