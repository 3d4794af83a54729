import type { DB } from "~/db/client.server";
import { fileStore } from "~/modules/files/file-store.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { DEFAULT_RESOURCES, type DefaultResource } from "./resource-defaults";
import { type PdfFirm, type ResourcePdf, resourcePdf } from "./resource-pdf.server";
import { hasNoResources, insertResource } from "./resources.server";

/*
 * Seeding the library's resources: when the resources table is empty, the default resources
 * (resource-defaults.ts) are stored as published, each with its generated PDF. Runs inside the
 * seed command's transaction (seedDefaults in app/modules/seed.server.ts), which raises the
 * public content version when this returns true, so a record never exists without its file.
 */

/*
 * PDFs made in this process, by firm details and slug. A file depends only on them, and the
 * test suites seed a fresh database for each test file; generating each PDF once per process
 * keeps that cheap. A server seeds once, at its first start.
 */
const generated = new Map<string, Promise<ResourcePdf>>();

function pdfOf(resource: DefaultResource, firm: PdfFirm): Promise<ResourcePdf> {
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
    pdf = resourcePdf(resource, firm);
    generated.set(key, pdf);
    pdf.catch(() => generated.delete(key));
  }
  return pdf;
}

/** The download name of a seeded resource's file (`esop-design-playbook.pdf`). */
export const seededFileName = (slug: string) => `${slug}.pdf`;

/**
 * Stores the default resources with their files when there are none; true when it stored any.
 * Pass the seed command's transaction. Two processes seeding together store each resource once:
 * a resource whose slug is already taken is skipped before its file is written.
 */
export async function insertDefaultResources(trx: DB): Promise<boolean> {
  if (!(await hasNoResources(trx))) return false;
  const firm = await getGeneralSettings(trx);
  // Newest first on the page: the first default gets the latest time, so the order stays.
  const base = Date.now();
  let stored = false;
  for (const [index, resource] of DEFAULT_RESOURCES.entries()) {
    const pdf = await pdfOf(resource, firm);
    const at = new Date(base - index).toISOString();
    const inserted = await insertResource(trx, {
      ...resource,
      pageCount: pdf.pageCount,
      fileId: null,
      status: "published",
      createdAt: at,
      updatedAt: at,
    });
    if (!inserted) continue;
    const file = await fileStore.save(trx, {
      purpose: "resource",
      fileName: seededFileName(resource.slug),
      contentType: "application/pdf",
      bytes: pdf.bytes,
    });
    await trx
      .updateTable("resources")
      .set({ fileId: file.id })
      .where("slug", "=", resource.slug)
      .execute();
    stored = true;
  }
  return stored;
}
