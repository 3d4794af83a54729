import { describe, expect, it } from "vitest";
import { PROOF_SAMPLES } from "../../../tests/support/proof-samples";
import { PROOF_KINDS, PROOF_SCHEMAS, type ProofKind } from "./proof.schema";

/* Each kind's form: one clear message per bad field, limits, and only web addresses as links. */

const messages = (kind: ProofKind, form: Record<string, string>) => {
  const result = PROOF_SCHEMAS[kind].safeParse(form);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
};

describe("social proof forms", () => {
  it.each(PROOF_KINDS)("accept the sample %s as posted", (kind) => {
    expect(messages(kind, PROOF_SAMPLES[kind].form)).toEqual({});
  });

  it("name each missing required field", () => {
    expect(messages("testimonials", { quote: " ", name: "", role: "", company: "" })).toEqual({
      quote: "Quote is required",
      name: "Name is required",
      role: "Role is required",
      company: "Company is required",
    });
    expect(messages("client-logos", { name: "" })).toEqual({ name: "Client name is required" });
    expect(messages("results", { figure: "", label: "", client: "" })).toEqual({
      figure: "Figure is required",
      label: "Label is required",
      client: "Client or industry is required",
    });
    expect(messages("team", { name: "", role: "", bio: "" })).toEqual({
      name: "Name is required",
      role: "Role is required",
      bio: "Short bio is required",
    });
  });

  it("limit lengths", () => {
    const form = { ...PROOF_SAMPLES.results.form, figure: "12345678901234567" };
    expect(messages("results", form)).toEqual({ figure: "Must be at most 16 characters" });
    const long = { ...PROOF_SAMPLES.testimonials.form, quote: "x".repeat(601) };
    expect(messages("testimonials", long)).toEqual({ quote: "Must be at most 600 characters" });
  });

  it("take only http(s) web addresses as links, and LinkedIn for a LinkedIn profile", () => {
    const bad = (kind: ProofKind, field: string, value: string) =>
      messages(kind, { ...PROOF_SAMPLES[kind].form, [field]: value })[field];
    expect(bad("testimonials", "caseStudyUrl", "javascript:alert(1)")).toMatch(
      /starting with https/,
    );
    expect(bad("client-logos", "url", "ftp://example.in")).toMatch(/starting with https/);
    expect(bad("client-logos", "url", "")).toBeUndefined();
    expect(bad("team", "linkedinUrl", "https://example.in/meera")).toMatch(/LinkedIn address/);
    expect(bad("team", "linkedinUrl", "https://in.linkedin.com/in/meera")).toBeUndefined();
  });

  it("keep a new entry published unless staff choose a draft, and refuse other statuses", () => {
    const { status: _, ...form } = PROOF_SAMPLES.results.form;
    expect(PROOF_SCHEMAS.results.parse(form).status).toBe("published");
    expect(messages("results", { ...form, status: "live" })).toEqual({
      status: "Choose published or draft",
    });
  });
});
