import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProofBand } from "~/components/site/proof/proof-band";
import { ProofSections } from "~/components/site/proof/proof-sections";
import { TeamSection } from "~/components/site/proof/team-section";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { PROOF_KINDS, type ProofKind } from "~/modules/proof/proof.schema";
import {
  MISSING_IMAGE_MESSAGE,
  type PublicProof,
  type PublicTeamMember,
} from "~/modules/proof/proof.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import * as page from "~/routes/admin/social-proof";
import * as about from "~/routes/public/about";
import * as home from "~/routes/public/home";
import * as services from "~/routes/public/services";
import { PROOF_SAMPLES } from "../../support/proof-samples";
import {
  createRouteHarness,
  fieldMessage,
  type RouteHarness,
  type SignedInStaff,
  typedValue,
} from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { editorAndAdmin } from "./admin-fixture";

/*
 * The staff's social-proof pages (issue 14), with plain form posts as a browser sends them
 * without JavaScript, and what the public pages' loaders then show: a section appears with its
 * first published entry and is left out, heading and all, when none is published.
 */

type Listed = { id: string; status: string } & Record<string, string>;
type PageData = { entries: Listed[]; editing: string | null };
type ActionData = { message?: string; confirmation?: { fields: [string, string][] } };

describe.each(DIALECTS)("the admin's social proof (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: SignedInStaff;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ editor } = await editorAndAdmin(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  const path = (kind: ProofKind) => `/admin/social-proof/${kind}`;
  const list = async (kind: ProofKind) =>
    (
      await h.loader<PageData>(page, h.get(path(kind), { cookie: editor.cookie }), {
        params: { kind },
      })
    ).data.entries;
  const post = (kind: ProofKind, fields: Record<string, string>, cookie = editor.cookie) =>
    h.action<ActionData>(page, h.post(path(kind), fields, { cookie }), { params: { kind } });
  const homeProof = async () =>
    (await h.loader<{ proof: PublicProof }>(home, h.get("/"), { context: await h.publicContext() }))
      .data.proof;
  const html = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
    renderToStaticMarkup(element);

  it("is for signed-in staff only; editors may use it", async () => {
    const anonymous = await h.loader(page, h.get(path("team")), { params: { kind: "team" } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    const anonymousPost = await post("team", { intent: "save", ...PROOF_SAMPLES.team.form }, "");
    expect(anonymousPost.status).toBe(401);
    const bare = await h.loader(page, h.get("/admin/social-proof", { cookie: editor.cookie }));
    expect(bare.location).toBe("/admin/social-proof/testimonials");
    const unknown = await h.loader(
      page,
      h.get("/admin/social-proof/awards", { cookie: editor.cookie }),
      {
        params: { kind: "awards" },
      },
    );
    expect(unknown.status).toBe(404);
  });

  it("starts with the two partners as team members and no testimonials, logos or figures", async () => {
    expect(await list("testimonials")).toEqual([]);
    expect(await list("client-logos")).toEqual([]);
    expect(await list("results")).toEqual([]);
    const team = await list("team");
    expect(team.map((m) => [m.name, m.status])).toEqual([
      [DEFAULT_GENERAL_SETTINGS.ceoName, "published"],
      [DEFAULT_GENERAL_SETTINGS.ctoName, "published"],
    ]);
    // About shows them; the home page's proof sections are all left out.
    const aboutData = (await h.loader<{ team: PublicTeamMember[] }>(about, h.get("/about"))).data;
    expect(aboutData.team.map((m) => m.name)).toEqual([
      DEFAULT_GENERAL_SETTINGS.ceoName,
      DEFAULT_GENERAL_SETTINGS.ctoName,
    ]);
    expect(html(createElement(TeamSection, { members: aboutData.team }))).toContain(
      "Our Founding Partners",
    );
    const proof = await homeProof();
    expect(html(createElement(ProofBand, { proof }))).toBe("");
    expect(html(createElement(ProofSections, { proof }))).toBe("");
  });

  it("refuses a form with a message per field and gives back what was typed", async () => {
    const out = await post("testimonials", {
      intent: "save",
      quote: "Kept as typed",
      name: "",
      role: "",
      company: "Acme",
      photoId: "",
      caseStudyUrl: "javascript:alert(1)",
      status: "published",
    });
    expect(out.status).toBe(400);
    expect(fieldMessage(out.data, "name")).toBe("Name is required");
    expect(fieldMessage(out.data, "role")).toBe("Role is required");
    expect(fieldMessage(out.data, "caseStudyUrl")).toMatch(/starting with https/);
    expect(fieldMessage(out.data, "quote")).toBeUndefined();
    expect(typedValue(out.data, "quote")).toBe("Kept as typed");
    // An image that is not in the media library.
    const ghost = await post("team", {
      intent: "save",
      ...PROOF_SAMPLES.team.form,
      photoId: "med_gone",
    });
    expect(ghost.status).toBe(400);
    expect(fieldMessage(ghost.data, "photoId")).toBe(MISSING_IMAGE_MESSAGE);
    expect(typedValue(ghost.data, "name")).toBe(PROOF_SAMPLES.team.form.name);
    expect(await list("testimonials")).toEqual([]);
  });

  it.each(PROOF_KINDS.filter((kind) => kind !== "team"))(
    "adds, unpublishes, publishes and deletes %s; the home page follows",
    async (kind) => {
      const shown = async () =>
        JSON.stringify(await homeProof()).includes(PROOF_SAMPLES[kind].shows);
      const version = await readContentVersion(h.db);
      const added = await post(kind, { intent: "save", id: "", ...PROOF_SAMPLES[kind].form });
      expect(added.data.message).toMatch(/added\.$/);
      expect(await readContentVersion(h.db)).toBeGreaterThan(version);
      const [entry] = await list(kind);
      expect(entry).toMatchObject({ status: "published" });
      expect(await shown()).toBe(true);

      const id = entry?.id ?? "";
      expect((await post(kind, { intent: "unpublish", id })).data.message).toMatch(
        /no longer shows/,
      );
      expect(await shown()).toBe(false);
      await post(kind, { intent: "publish", id });
      expect(await shown()).toBe(true);

      // Delete asks first (without JavaScript the page asks), then deletes.
      const asked = await post(kind, { intent: "delete", id });
      expect(asked.data.confirmation?.fields).toContainEqual(["id", id]);
      expect(await list(kind)).toHaveLength(1);
      expect((await post(kind, { intent: "delete", id, confirmed: "yes" })).data.message).toMatch(
        /deleted\.$/,
      );
      expect(await list(kind)).toEqual([]);
      expect(await shown()).toBe(false);
    },
  );

  it("shows each home and services section with one published entry, logos in the band", async () => {
    for (const kind of ["testimonials", "results"] as const) {
      await post(kind, { intent: "save", ...PROOF_SAMPLES[kind].form });
    }
    let proof = await homeProof();
    // No logo yet: the band under the hero shows the figures, and the results band does not repeat them.
    expect(html(createElement(ProofBand, { proof }))).toContain("40%");
    let sections = html(createElement(ProofSections, { proof }));
    expect(sections).toContain("What Our Clients Say");
    expect(sections).not.toContain("40%");

    await post("client-logos", { intent: "save", ...PROOF_SAMPLES["client-logos"].form });
    proof = await homeProof();
    expect(html(createElement(ProofBand, { proof }))).toContain("Godavari Health");
    sections = html(createElement(ProofSections, { proof }));
    expect(sections).toContain("40%");
    expect(sections).toContain("Read the case study");

    const servicesProof = (await h.loader<{ proof: PublicProof }>(services, h.get("/services")))
      .data.proof;
    expect(servicesProof).toEqual(proof);
  });

  it("shows a chosen photo from the media library instead of the monogram", async () => {
    const now = new Date().toISOString();
    await h.db
      .insertInto("mediaAssets")
      .values({
        id: "med_portrait",
        kind: "svg",
        originalName: "anita.svg",
        alt: "Anita Desai, smiling",
        focalX: null,
        focalY: null,
        width: 400,
        height: 400,
        fileId: "file_unused",
        byteSize: 100,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const form = {
      ...PROOF_SAMPLES.testimonials.form,
      name: "Anita Desai",
      photoId: "med_portrait",
    };
    expect((await post("testimonials", { intent: "save", ...form })).data.message).toBe(
      "Testimonial added.",
    );
    const anita = (await homeProof()).testimonials.find((t) => t.name === "Anita Desai");
    expect(anita?.photo).toMatchObject({ id: "med_portrait", width: 400, height: 400 });
    const markup = html(createElement(ProofSections, { proof: await homeProof() }));
    expect(markup).toContain('alt="Anita Desai, smiling"');
    expect(markup).toContain('width="400"');
  });

  it("edits and reorders team members; About follows, and hides the section when none is published", async () => {
    await post("team", { intent: "save", ...PROOF_SAMPLES.team.form });
    const aboutTeam = async () =>
      (await h.loader<{ team: PublicTeamMember[] }>(about, h.get("/about"))).data.team;
    const [ceo, cto, meera] = await list("team");
    expect((await aboutTeam()).map((m) => m.name)).toEqual([ceo?.name, cto?.name, "Meera Iyer"]);

    await post("team", { intent: "up", id: meera?.id ?? "" });
    expect((await aboutTeam()).map((m) => m.name)).toEqual([ceo?.name, "Meera Iyer", cto?.name]);
    const edited = await post("team", {
      intent: "save",
      id: meera?.id ?? "",
      ...PROOF_SAMPLES.team.form,
      role: "Partner",
    });
    expect(edited.data.message).toBe("Team member saved.");
    const member = (await aboutTeam())[1];
    expect(member).toMatchObject({
      role: "Partner",
      linkedinUrl: PROOF_SAMPLES.team.form.linkedinUrl,
    });
    expect(html(createElement(TeamSection, { members: await aboutTeam() }))).toContain(
      '<span class="sr-only">Meera Iyer on </span>LinkedIn',
    );

    for (const entry of await list("team"))
      await post("team", { intent: "unpublish", id: entry.id });
    expect(await aboutTeam()).toEqual([]);
    expect(html(createElement(TeamSection, { members: [] }))).toBe("");
  });
});
