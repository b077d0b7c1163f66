import { describe, expect, it } from "vitest";
import { extractSkills } from "@/lib/text/skills";
import { SKILLS } from "@/lib/text/skills-dictionary";
import { EN_NAMES, variantWords, ZH_NAMES } from "./names";

const ALL = [...EN_NAMES, ...ZH_NAMES];
const words = ALL.flatMap((v) => v.forms.flatMap((f) => f.split(/\s+/)));

describe("the audit's name lists", () => {
  it("share no word with the skills dictionary: no alias equals a name word and no name is read as a skill", () => {
    const aliases = new Set(
      SKILLS.flatMap((s) => [s.name, ...s.aliases, ...(s.strict ?? []).filter((a) => typeof a === "string")].map((a) => a.toLowerCase())),
    );
    expect(words.filter((w) => aliases.has(w.toLowerCase()))).toEqual([]);
    const lines = ALL.flatMap((v) => v.forms).map((text, index) => ({ index, text }));
    expect([...extractSkills(lines).keys()]).toEqual([]);
  });

  it("cover both genders and several origins in each language", () => {
    for (const list of [EN_NAMES, ZH_NAMES]) {
      expect(new Set(list.map((v) => v.gender))).toEqual(new Set(["female", "male"]));
      expect(new Set(list.map((v) => v.origin)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it("give a variant as many words (Latin) or characters (Chinese) as the resume's name", () => {
    expect(variantWords(EN_NAMES[0], ["John", "Smith"])).toEqual(["Emily", "Walsh"]);
    expect(variantWords(EN_NAMES[0], ["Mary", "Ann", "Lee"])).toEqual(["Emily", "Rose", "Walsh"]);
    expect(variantWords(ZH_NAMES[0], ["胡图图"])).toEqual(["王晓芳"]);
    expect(variantWords(ZH_NAMES[0], ["李雷"])).toEqual(["王芳"]);
  });
});
