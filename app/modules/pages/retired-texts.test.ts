import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDefaults } from "~/modules/seed.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { CONTACT_PAGE_DEFAULTS, CONTACT_RETIRED_TEXTS } from "./contact.text";
import { getPage, getPageText, savePage } from "./pages.server";

/*
 * A default that changed reaches sites seeded before the change: /contact's form was headed
 * "Book Your Free 30-Minute Consultation" though it books nothing (issue 24). A site that still
 * stores the old seeded text shows the new one, in the page and in the Content editor; a text
 * staff wrote stays.
 */
describe.each(DIALECTS)("retired page defaults on %s", (dialect) => {
  let t: TestDatabase;
  const [oldTitle] = CONTACT_RETIRED_TEXTS.consultation.title;
  const [oldDescription] = CONTACT_RETIRED_TEXTS.consultation.description;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("shows today's default where an existing site still stores the old seeded text", async () => {
    // The contact page as an install seeded before the change stored it.
    await savePage(t.db, "contact", {
      ...CONTACT_PAGE_DEFAULTS,
      consultation: { title: oldTitle, description: oldDescription },
    });
    const text = await getPageText(t.db, "contact");
    expect(text.consultation).toEqual(CONTACT_PAGE_DEFAULTS.consultation);
    expect(text.consultation.title).not.toMatch(/book/i);
    // The editor opens on the same texts, so saving it keeps the new ones.
    expect((await getPage(t.db, "contact")).consultation).toEqual(
      CONTACT_PAGE_DEFAULTS.consultation,
    );
    // The rest of the page is as stored.
    expect(text.hero).toEqual(CONTACT_PAGE_DEFAULTS.hero);
  });

  it("keeps a text staff wrote, even beside an old seeded one", async () => {
    await savePage(t.db, "contact", {
      ...CONTACT_PAGE_DEFAULTS,
      consultation: { title: "Talk to a Partner", description: oldDescription },
    });
    const text = await getPageText(t.db, "contact");
    expect(text.consultation).toEqual({
      title: "Talk to a Partner",
      description: CONTACT_PAGE_DEFAULTS.consultation.description,
    });
  });
});
