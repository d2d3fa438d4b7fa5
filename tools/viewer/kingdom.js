// A kingdom's grid as the replay writes it: rows of two-character squares.

import { TERRAIN_NAMES } from './words.js';

const NEIGHBOURS = [[1, 0], [-1, 0], [0, 1], [0, -1]];

export function square(grid, x, y) { return grid[y].substr(2 * x, 2); }

// The zone of square (x, y), flooded from it; `id` marks its squares with `index`.
function floodZone(grid, n, x, y, id, index) {
  const t = grid[y][2 * x];
  const z = { terrain: t, size: 0, crowns: 0, cells: [], index };
  const stack = [[x, y]];
  id[y * n + x] = index;
  while (stack.length) {
    const [a, b] = stack.pop();
    z.size++; z.crowns += parseInt(grid[b][2 * a + 1], 10) || 0; z.cells.push([a, b]);
    for (const [dx, dy] of NEIGHBOURS) {
      const u = a + dx, v = b + dy;
      if (u < 0 || v < 0 || u >= n || v >= n || id[v * n + u] >= 0 || grid[v][2 * u] !== t) continue;
      id[v * n + u] = index; stack.push([u, v]);
    }
  }
  z.cells.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  z.value = z.size * z.crowns;
  return z;
}

// Zones: 4-connected squares of one terrain, castle in none. value = size x crowns.
// Recomputed here, not read from the replay, so that a wrong score shows.
export function computeZones(grid, n) {
  const id = new Array(n * n).fill(-1);
  const zones = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (TERRAIN_NAMES[grid[y][2 * x]] && id[y * n + x] < 0) zones.push(floodZone(grid, n, x, y, id, zones.length));
    }
  }
  return { id, zones, total: zones.reduce((s, z) => s + z.value, 0) };
}

// Land squares, crowns, and the bounding box of land and castle.
export function kingdomStats(grid, n) {
  let minX = n, minY = n, maxX = -1, maxY = -1, land = 0, crowns = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const s = square(grid, x, y);
      if (s[0] === '_') continue;
      if (s[0] !== '*') { land++; crowns += parseInt(s[1], 10) || 0; }
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) { minX = minY = 0; maxX = maxY = n - 1; }
  return { minX, minY, maxX, maxY, w: maxX - minX + 1, hgt: maxY - minY + 1, land, crowns };
}
