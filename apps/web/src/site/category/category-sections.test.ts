import { describe, expect, it } from "vitest";
import { lastTileSpan } from "./category-sections";

/** The grid's cells row by row, as CSS places the tiles: the tall first tile from four items, the last widened. */
function rows(count: number, cols: number): string[] {
  const grid: string[][] = [];
  const cell = (r: number) => {
    grid[r] ??= Array.from({ length: cols }, () => ".");
    return grid[r] as string[];
  };
  let r = 0;
  let c = 0;
  const advance = () => {
    while (cell(r)[c] !== ".") {
      c++;
      if (c === cols) {
        c = 0;
        r++;
      }
    }
  };
  for (let i = 0; i < count; i++) {
    advance();
    const tall = count >= 4 && i === 0;
    const span = i === count - 1 ? lastTileSpan(count, cols) : 1;
    for (let k = 0; k < span; k++) cell(r)[c + k] = String(i);
    if (tall) cell(r + 1)[c] = String(i);
  }
  return grid.map((row) => row.join(""));
}

describe("the category portfolio grid", () => {
  it("ends every row without a hole, whatever the number of published items, on two and three columns", () => {
    for (let count = 1; count <= 13; count++)
      for (const cols of [2, 3]) {
        const grid = rows(count, cols);
        expect(grid.join("|"), `${count} items on ${cols} columns`).not.toContain(".");
      }
    // The page's original design with six items: a tall first tile and a full-width last one.
    expect(rows(6, 3)).toEqual(["012", "034", "555"]);
  });
});
