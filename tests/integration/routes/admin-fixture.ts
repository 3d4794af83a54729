import type { RouteHarness, SignedInStaff } from "../../support/route-harness";

/* Shared by the admin route tests (admin-*.test.ts). */

/** An editor and an admin, signed in, in that order. */
export async function editorAndAdmin(
  h: RouteHarness,
): Promise<{ editor: SignedInStaff; admin: SignedInStaff }> {
  const editor = await h.staff("editor");
  const admin = await h.staff("admin");
  return { editor, admin };
}
