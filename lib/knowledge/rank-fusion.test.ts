import { describe, expect, it } from "vitest";
import { RRF_K, reciprocalRankFusion } from "./rank-fusion";

const id = (x: { id: string }) => x.id;

describe("reciprocalRankFusion (Cormack et al. 2009)", () => {
  it("sums 1/(k + rank) over the lists an item is in, with k = 60", () => {
    const fused = reciprocalRankFusion(
      [
        [{ id: "a" }, { id: "b" }],
        [{ id: "b" }, { id: "c" }],
      ],
      id,
    );
    expect(RRF_K).toBe(60);
    expect(fused.map((f) => f.item.id)).toEqual(["b", "a", "c"]);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[0].ranks).toEqual([2, 1]);
    expect(fused[1].ranks).toEqual([1, null]);
  });

  it("an item first in one list beats one second in both only when k is small", () => {
    const lists = [
      [{ id: "x" }, { id: "y" }],
      [{ id: "z" }, { id: "y" }],
    ];
    expect(reciprocalRankFusion(lists, id)[0].item.id).toBe("y");
    expect(reciprocalRankFusion(lists, id, 0)[0].item.id).toBe("x");
  });

  it("counts an id once per list and breaks ties by first appearance", () => {
    const fused = reciprocalRankFusion([[{ id: "a" }, { id: "a" }], [{ id: "b" }]], id);
    expect(fused.map((f) => [f.item.id, f.score])).toEqual([
      ["a", 1 / 61],
      ["b", 1 / 61],
    ]);
  });

  it("fuses empty lists to nothing", () => {
    expect(reciprocalRankFusion([[], []], id)).toEqual([]);
  });
});
