import { describe, expect, it } from "vitest";
import type { Passage } from "../retrieval";
import { sourceTitle, toSourcePart } from "./sources";

const passage: Passage = {
  id: "c1",
  knowledgeBaseId: "kb",
  documentId: "d1",
  ordinal: 4,
  heading: "Benefits › Leave",
  content: "…",
  page: null,
  score: 0.5,
  similarity: 0.5,
  fusedScore: 0.03,
};

describe("citation sources", () => {
  it("titles a source by file name and heading, else page, else position", () => {
    expect(sourceTitle(passage, "handbook.md")).toBe("handbook.md · Benefits › Leave");
    expect(sourceTitle({ ...passage, heading: null, page: 3 }, "guide.pdf")).toBe("guide.pdf · p. 3");
    expect(sourceTitle({ ...passage, heading: null }, "notes.txt")).toBe("notes.txt · #5");
  });

  it("is an AI SDK source-document part carrying the ids a citation opens", () => {
    expect(toSourcePart(passage, new Map([["d1", "handbook.md"]]))).toEqual({
      type: "source-document",
      sourceId: "c1",
      mediaType: "text/plain",
      title: "handbook.md · Benefits › Leave",
      providerMetadata: { panelist: { knowledgeBaseId: "kb", documentId: "d1", chunkId: "c1", ordinal: 4, page: null } },
    });
  });
});
