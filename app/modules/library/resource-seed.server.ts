import type { DB } from "~/db/client.server";
import { fileStore } from "~/modules/files/file-store.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { DEFAULT_RESOURCES, type DefaultResource } from "./resource-defaults";
import { type PdfFirm, type ResourcePdf, resourcePdf } from "./resource-pdf.server";
import { hasNoResources, insertResource } from "./resources.server";
import { SAMPLE_GUIDES } from "./sample-guides";
import type { SampleGuide } from "./sample-guides/guide-model";

/*
 * Seeding the library's resources: when the resources table is empty, the default resources
 * (resource-defaults.ts) are stored; those with a sample guide as published with the guide's
 * PDF, the others as drafts without a file (decision 0042). Runs inside the seed command's
 * transaction (seedDefaults in app/modules/seed.server.ts), which raises the public content
 * version when this returns true, so a published guide never shows without its file.
 */

/*
 * PDFs made in this process, by firm details and slug. A file depends only on them, and the
 * test suites seed a fresh database for each test file; generating each PDF once per process
 * keeps that cheap. A server makes them once, at its first start.
 */
const generated = new Map<string, Promise<ResourcePdf>>();

function pdfOf(resource: DefaultResource, guide: SampleGuide, firm: PdfFirm): Promise<ResourcePdf> {
  const key = JSON.stringify([
    firm.siteName,
    firm.tagline,
    firm.siteDescription,
    firm.email,
    firm.phone,
    resource,
  ]);
  let pdf = generated.get(key);
  if (!pdf) {
    pdf = resourcePdf(resource, guide, firm);
    generated.set(key, pdf);
    pdf.catch(() => generated.delete(key));
  }
  return pdf;
}

/** The download name of a seeded resource's file (`esop-design-playbook.pdf`). */
export const seededFileName = (slug: string) => `${slug}.pdf`;

/**
 * Stores the default resources when there are none, then gives each published sample guide
 * that has no file its PDF; true when a visitor could see something new. Pass the seed
 * command's transaction. Two processes seeding together store each resource once (a taken slug
 * is skipped) and attach one file to each guide.
 */
export async function insertDefaultResources(trx: DB): Promise<boolean> {
  let stored = false;
  if (await hasNoResources(trx)) {
    // Newest first on the page: the first default gets the latest time, so the order stays.
    const base = Date.now();
    for (const [index, resource] of DEFAULT_RESOURCES.entries()) {
      const at = new Date(base - index).toISOString();
      await insertResource(trx, {
        ...resource,
        pageCount: 0,
        fileId: null,
        status: SAMPLE_GUIDES[resource.slug] ? "published" : "draft",
        createdAt: at,
        updatedAt: at,
      });
    }
    stored = true;
  }
  return (await attachSampleGuideFiles(trx)) || stored;
}

/**
 * Gives each published sample guide without a file its generated PDF: after a fresh seed, and
 * after migration 0015 took the old three-page file from a guide staff had not changed. A
 * published resource staff made always has a file, so nothing of theirs is touched.
 */
export async function attachSampleGuideFiles(trx: DB): Promise<boolean> {
  const rows = await trx
    .selectFrom("resources")
    .select("slug")
    .where("status", "=", "published")
    .where("fileId", "is", null)
    .where("slug", "in", Object.keys(SAMPLE_GUIDES))
    .execute();
  if (rows.length === 0) return false;
  const firm = await getGeneralSettings(trx);
  let attached = false;
  for (const { slug } of rows) {
    const resource = DEFAULT_RESOURCES.find((candidate) => candidate.slug === slug);
    const guide = SAMPLE_GUIDES[slug];
    if (!resource || !guide) continue;
    const pdf = await pdfOf(resource, guide, firm);
    const file = await fileStore.save(trx, {
      purpose: "resource",
      fileName: seededFileName(slug),
      contentType: "application/pdf",
      bytes: pdf.bytes,
    });
    const updated = await trx
      .updateTable("resources")
      .set({ fileId: file.id, pageCount: pdf.pageCount })
      .where("slug", "=", slug)
      .where("fileId", "is", null)
      .executeTakeFirst();
    // Another process attached one first: keep its file, drop ours.
    if (Number(updated.numUpdatedRows) === 0) await fileStore.remove(trx, file.id);
    else attached = true;
  }
  return attached;
}
