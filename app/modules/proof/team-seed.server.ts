import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { defaultTeamMembers } from "./team.defaults";

/** Fixed ids: two instances seeding an empty database at once insert each leader once. */
const DEFAULT_IDS = ["team_founder_ceo", "team_founder_cto"];

/*
 * Seeds the About page's leaders as team members when there are none (a fresh install, or the
 * release that brought team members: the names then come from the settings as edited). Runs
 * after the settings are seeded. Social proof of other kinds is never seeded: the firm's
 * clients, their words and their results are not ours to invent.
 */
export async function insertDefaultTeamMembers(trx: DB): Promise<boolean> {
  const any = await trx.selectFrom("teamMembers").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const now = nowIso();
  const members = defaultTeamMembers(await getGeneralSettings(trx));
  await trx
    .insertInto("teamMembers")
    .values(
      members.map((member, index) => ({
        ...member,
        id: DEFAULT_IDS[index] ?? `team_founder_${index}`,
        photoId: member.photoId || null,
        position: index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return true;
}
