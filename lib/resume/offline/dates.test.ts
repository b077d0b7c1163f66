import { describe, expect, it } from "vitest";
import { findDateRanges, parseDate, stripDates, timeline } from "./dates";
import { prepare } from "./text";

const NOW = new Date("2026-11-29T00:00:00Z");
const ranges = (text: string) => findDateRanges(prepare(text).lines, NOW);
const ym = (y: number, m: number) => y * 12 + (m - 1);

describe("date parsing", () => {
  it("parses the written forms", () => {
    expect(parseDate("Jan 2020", NOW)?.months).toBe(ym(2020, 1));
    expect(parseDate("Sept. 2018", NOW)?.months).toBe(ym(2018, 9));
    expect(parseDate("2020.03", NOW)?.months).toBe(ym(2020, 3));
    expect(parseDate("2018/09", NOW)?.months).toBe(ym(2018, 9));
    expect(parseDate("2012年9月", NOW)?.months).toBe(ym(2012, 9));
    expect(parseDate("201508", NOW)?.months).toBe(ym(2015, 8));
    expect(parseDate("09/2018", NOW)?.months).toBe(ym(2018, 9));
    expect(parseDate("2019", NOW)).toMatchObject({ months: ym(2019, 7), hasMonth: false });
    expect(parseDate("2333", NOW)).toBeNull(); // template "2333/23"
  });

  it("finds ranges in English and Chinese notation", () => {
    const r = ranges("2019 - 2021\nJan 2020 – Present\n2020.03-至今\n2018/09 – 2022/06\n2012年9月 ~ 2014年9月\n2021 –\nPresent");
    expect(r.map((x) => [x.line, x.start.months, x.end.months])).toEqual([
      [0, ym(2019, 7), ym(2021, 7)],
      [1, ym(2020, 1), ym(2026, 11)],
      [2, ym(2020, 3), ym(2026, 11)],
      [3, ym(2018, 9), ym(2022, 6)],
      [4, ym(2012, 9), ym(2014, 9)],
      [5, ym(2021, 7), ym(2026, 11)], // separator at the end of a line, "Present" on the next
    ]);
    expect(r[1].end.present).toBe(true);
  });

  it("drops ranges that end before they start", () => {
    expect(ranges("2021 - 2019")).toEqual([]);
  });

  it("removes dates so years are not read as quantities", () => {
    expect(stripDates("Won first place in 2019 (Jan 2020 - Present)")).not.toMatch(/\d/);
  });
});

describe("timeline", () => {
  it("measures span, gaps and order", () => {
    const r = ranges("2020 - 2022\n2016 - 2018");
    const t = timeline(r);
    expect(t.spanMonths).toBe(72);
    expect(t.order).toBe("reverse");
    expect(t.gaps).toEqual([{ fromMonths: ym(2018, 7), toMonths: ym(2020, 7), months: 24 }]);
    expect(timeline([...r].reverse()).order).toBe("chronological");
    expect(timeline(ranges("2018 - 2019\n2021 - 2022\n2019 - 2020")).order).toBe("mixed");
  });

  it("counts overlapping jobs once and gaps not at all in the worked months", () => {
    expect(timeline(ranges("2019.07 - 至今\n2020年1月 - 2021年3月")).workedMonths).toBe(ym(2026, 11) - ym(2019, 7));
    expect(timeline(ranges("Jul 2019 – Present\nJan 2020 - Mar 2021")).workedMonths).toBe(ym(2026, 11) - ym(2019, 7));
    const apart = timeline(ranges("2020 - 2022\n2016 - 2018"));
    expect(apart.workedMonths).toBe(48);
    expect(apart.spanMonths).toBe(72);
  });

  it("does not count study time as a gap", () => {
    const jobs = ranges("2014 - 2015\n2019 - 2020");
    const school = ranges("2015 - 2019");
    expect(timeline(jobs).gaps).toHaveLength(1);
    expect(timeline(jobs, [jobs], school).gaps).toHaveLength(0);
  });
});
