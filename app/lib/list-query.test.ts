import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listSearch, parseListQuery } from "./list-query";

const schema = z.object({
  q: z.string().trim().max(20).catch(""),
  status: z.enum(["all", "open", "closed"]).catch("all"),
  page: z.coerce.number().int().min(1).catch(1),
});
const DEFAULTS = { q: "", status: "all", page: 1 } as const;
type Query = z.output<typeof schema>;

describe("a list's view in the URL", () => {
  it("reads each parameter, and falls back to the default for one that makes no sense", () => {
    expect(parseListQuery(schema, new URLSearchParams("q=+acme+&status=closed&page=3"))).toEqual({
      q: "acme",
      status: "closed",
      page: 3,
    });
    expect(parseListQuery(schema, new URLSearchParams("status=deleted&page=-2&other=x"))).toEqual(
      DEFAULTS,
    );
  });

  it("writes a view back without its defaults, in the defaults' order, with changes applied", () => {
    const view: Query = { q: "a&b", status: "open", page: 2 };
    expect(listSearch<Query>(DEFAULTS, view)).toBe("?q=a%26b&status=open&page=2");
    expect(listSearch<Query>(DEFAULTS, view, { page: 1, q: "" })).toBe("?status=open");
    expect(listSearch<Query>(DEFAULTS, DEFAULTS)).toBe("");
  });

  it("reads back the view it wrote", () => {
    const view: Query = { q: "Priya S", status: "closed", page: 4 };
    const search = listSearch<Query>(DEFAULTS, view);
    expect(parseListQuery(schema, new URLSearchParams(search))).toEqual(view);
  });
});
